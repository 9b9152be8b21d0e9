import { describe, expect, it } from 'vitest';
import { generateCsrfToken, isStateChanging, verifyCsrfToken } from '../../../src/lib/security/csrf.ts';

describe('CSRF tokens', () => {
  it('are 32 random bytes written as 64 lowercase hex characters', () => {
    const token = generateCsrfToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(token, 'hex')).toHaveLength(32);
  });

  it('differ every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateCsrfToken));
    expect(tokens.size).toBe(200);
  });

  it('verify only the exact token of the browser session', () => {
    const token = generateCsrfToken();
    expect(verifyCsrfToken(token, token)).toBe(true);
    expect(verifyCsrfToken(token, generateCsrfToken())).toBe(false);
    expect(verifyCsrfToken(token, `${token.slice(0, 63)}${token[63] === 'a' ? 'b' : 'a'}`)).toBe(false);
    expect(verifyCsrfToken(token, token.toUpperCase())).toBe(false);
  });

  it('refuse missing, short, long and non-string submissions without throwing', () => {
    const token = generateCsrfToken();
    for (const submitted of [undefined, null, '', token.slice(0, 32), `${token}00`, 42, [token], { token }]) {
      expect(verifyCsrfToken(token, submitted)).toBe(false);
    }
    expect(verifyCsrfToken(undefined, token)).toBe(false);
  });

  it('apply to state-changing methods only', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isStateChanging)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isStateChanging)).toBe(false);
  });
});
