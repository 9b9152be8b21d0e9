import { parseCookieHeader } from '@supabase/ssr';
import type { AstroCookies } from 'astro';

const AUTH_COOKIE = /^sb-.+-auth-token(-code-verifier)?(\.\d+)?$/;

/** Whether a cookie holds (a chunk of) a Supabase session; the sign-in code verifier does not. */
export function isAuthCookieName(name: string): boolean {
  return AUTH_COOKIE.test(name) && !name.includes('code-verifier');
}

/** Names of the Supabase session cookies the browser sent (chunked ones included). */
export function authCookieNames(request: Request): string[] {
  return parseCookieHeader(request.headers.get('cookie') ?? '')
    .map(({ name }) => name)
    .filter(isAuthCookieName);
}

/** Removes a session the backend no longer accepts, so the browser stops presenting it. */
export function clearAuthCookies(cookies: AstroCookies, request: Request): void {
  for (const name of authCookieNames(request)) cookies.delete(name, { path: '/' });
}
