import { describe, expect, it } from 'vitest';
import { storedPageKey } from '../../../src/features/catalogue/page-cache/catalogue-cache-key.ts';

const request = (path: string, cookieHeader: string | null = null, method = 'GET') => ({
  method,
  url: new URL(path, 'https://unipath.test'),
  cookieHeader,
  acceptLanguage: 'en-GB,en;q=0.9',
});

describe('which requests may get a stored catalogue page', () => {
  it('keys anonymous catalogue reads by address, display currency and day', () => {
    const key = storedPageKey(request('/courses?q=law'));
    expect(key).toMatch(/^\/courses\?q=law\|GBP\|\d{4}-\d{2}-\d{2}$/);
    expect(storedPageKey(request('/courses/?q=law'))).toBe(key);
    expect(storedPageKey(request('/courses?q=law', 'unipath_currency=USD'))).toMatch(/\|USD\|/);
    expect(storedPageKey(request('/courses?q=law', 'unipath_currency=XYZ'))).toBe(key);
    expect(storedPageKey(request('/universities/oxford'))).toMatch(/^\/universities\/oxford\|/);
    expect(storedPageKey(request('/courses/compare?ids=a,b'))).toBeDefined();
  });

  it('never keys a visitor with a session cookie, valid or not, or a message to show', () => {
    for (const cookie of [
      'sb-127-auth-token=abc',
      'theme=dark; sb-project-auth-token.0=part',
      'unipath-flash=%5B%5D',
    ]) {
      expect(storedPageKey(request('/courses', cookie)), cookie).toBeUndefined();
    }
    expect(storedPageKey(request('/courses', 'sb-127-auth-token-code-verifier=v'))).toBeDefined();
  });

  it('never keys writes, personal pages or other routes', () => {
    expect(storedPageKey(request('/courses', null, 'POST'))).toBeUndefined();
    expect(storedPageKey(request('/courses', null, 'HEAD'))).toBeUndefined();
    expect(storedPageKey(request('/courses/compare'))).toBeUndefined();
    expect(storedPageKey(request('/applications'))).toBeUndefined();
    expect(storedPageKey(request('/courses/a/b'))).toBeUndefined();
  });
});
