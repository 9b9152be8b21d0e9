import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_HINT_SCRIPT,
  hintCookieFor,
  hintSaysSignedIn,
  signInHref,
} from '../../../src/features/account-nav/account-hint.ts';

describe('the account hint', () => {
  it('reads only an exact signed-in value', () => {
    expect(hintSaysSignedIn('a=b; unipath-account=1')).toBe(true);
    expect(hintSaysSignedIn('unipath-account=10')).toBe(false);
    expect(hintSaysSignedIn('xunipath-account=1')).toBe(false);
    expect(hintSaysSignedIn(null)).toBe(false);
  });

  it('is set at sign-in, cleared at sign-out, and left alone when it already agrees', () => {
    expect(hintCookieFor(null, true, true)).toBe(
      'unipath-account=1; Path=/; SameSite=Lax; Secure; Max-Age=31536000',
    );
    expect(hintCookieFor('unipath-account=1', false, false)).toBe(
      'unipath-account=; Path=/; SameSite=Lax; Max-Age=0',
    );
    expect(hintCookieFor('unipath-account=1', true, false)).toBeUndefined();
    expect(hintCookieFor('', false, false)).toBeUndefined();
  });

  it('the inline script marks <html> exactly when the cookie says signed in', () => {
    for (const [cookie, expected] of [
      ['unipath-account=1', true],
      ['other=1; unipath-account=1; more=2', true],
      ['unipath-account=', false],
      ['', false],
    ] as const) {
      const marked: string[] = [];
      const document = { cookie, documentElement: { setAttribute: (name: string) => marked.push(name) } };
      new Function('document', ACCOUNT_HINT_SCRIPT)(document);
      expect(marked.length > 0, cookie).toBe(expected);
    }
  });
});

describe('the header Sign in link', () => {
  it('comes back to the page, its query included', () => {
    expect(signInHref(new URL('http://x/courses/?q=law'))).toBe('/auth?next=%2Fcourses%2F%3Fq%3Dlaw');
    expect(signInHref(new URL('http://x/about/'))).toBe('/auth?next=%2Fabout%2F');
  });

  it('on the sign-in page keeps the next it already has', () => {
    expect(signInHref(new URL('http://x/auth?view=sign-up&next=%2Fprofile'))).toBe('/auth?next=%2Fprofile');
    expect(signInHref(new URL('http://x/auth'))).toBe('/auth');
  });
});
