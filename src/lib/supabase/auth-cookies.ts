import type { AstroCookies } from 'astro';

const AUTH_COOKIE = /^sb-.+-auth-token(-code-verifier)?(\.\d+)?$/;

/** Names of the Supabase session cookies the browser sent (chunked ones included). */
export function authCookieNames(request: Request): string[] {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => AUTH_COOKIE.test(name) && !name.includes('code-verifier'));
}

/** Removes a session the backend no longer accepts, so the browser stops presenting it. */
export function clearAuthCookies(cookies: AstroCookies, request: Request): void {
  for (const name of authCookieNames(request)) cookies.delete(name, { path: '/' });
}
