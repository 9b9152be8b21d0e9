/**
 * The account hint: a cookie that only says "this browser has a session" (value `1`), never who or
 * with which token. Prebuilt pages cannot ask the server, so a tiny script in <head> reads the hint
 * and marks <html> before the body is parsed; CSS then shows the header's signed-in or visitor part,
 * so neither flashes. The server keeps the hint in step with the session cookies on every request it
 * renders (see syncAccountHint in session-hint.server.ts).
 */
export const ACCOUNT_HINT_COOKIE = 'unipath-account';

/** Set on <html> while the hint says signed in. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/**
 * Runs inline in <head>. Its SHA-256 is allowed by the content security policy in
 * astro.config.mjs, which imports this constant, so the text and the hash cannot drift apart.
 */
export const ACCOUNT_HINT_SCRIPT = `if(/(?:^|;\\s*)${ACCOUNT_HINT_COOKIE}=1(?:;|$)/.test(document.cookie))document.documentElement.setAttribute('${SIGNED_IN_ATTRIBUTE}','')`;

/** Whether a Cookie header carries the signed-in hint (what the inline script tests). */
export function hintSaysSignedIn(cookieHeader: string | null): boolean {
  return new RegExp(`(?:^|;\\s*)${ACCOUNT_HINT_COOKIE}=1(?:;|$)`).test(cookieHeader ?? '');
}

/**
 * The Set-Cookie value that brings the browser's hint in line with the session, or undefined when
 * it already agrees. Readable by scripts on purpose (not HttpOnly): it holds nothing secret.
 */
export function hintCookieFor(
  cookieHeader: string | null,
  signedIn: boolean,
  secure: boolean,
): string | undefined {
  if (hintSaysSignedIn(cookieHeader) === signedIn) return undefined;
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return signedIn
    ? `${ACCOUNT_HINT_COOKIE}=1; ${attributes}; Max-Age=31536000`
    : `${ACCOUNT_HINT_COOKIE}=; ${attributes}; Max-Age=0`;
}

/**
 * The header's "Sign in" link: back to this page after signing in. On /auth itself it keeps the
 * `next` the page already has instead of pointing at the sign-in page.
 */
export function signInHref(url: URL): string {
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) {
    const next = url.searchParams.get('next');
    return next ? `/auth?next=${encodeURIComponent(next)}` : '/auth';
  }
  return `/auth?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}
