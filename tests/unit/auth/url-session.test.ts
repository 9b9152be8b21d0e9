import { describe, expect, it } from 'vitest';
import { readUrlSession, URL_SESSION_MAX_AGE_SECONDS } from '../../../src/features/auth/url-session.ts';

describe('readUrlSession', () => {
  it('measures how long ago a session in the URL fragment was issued', () => {
    const found = readUrlSession(
      '#access_token=a&refresh_token=r&expires_at=5000&expires_in=3600&token_type=bearer',
      1400 + URL_SESSION_MAX_AGE_SECONDS + 1,
    );
    expect(found).toEqual({ accessToken: 'a', refreshToken: 'r', ageSeconds: 121 });
  });

  it('reports callback errors and ignores fragments without a session', () => {
    expect(
      readUrlSession('#error=access_denied&error_description=Email+link+is+invalid+or+has+expired', 0),
    ).toEqual({ error: 'Email link is invalid or has expired' });
    expect(readUrlSession('#main', 0)).toBeUndefined();
  });
});
