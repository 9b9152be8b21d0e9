import { defineMiddleware } from 'astro:middleware';
import type { AstroCookies } from 'astro';
import { loadRoles, toSessionUser } from '../../features/auth/session-user.ts';
import { authErrorToast } from '../security/messages.ts';
import { createSupabaseServerClient } from './server.ts';

const AUTH_COOKIE = /^sb-.+-auth-token(\.\d+)?$/;

function authCookieNames(request: Request): string[] {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => AUTH_COOKIE.test(name));
}

function clearAuthCookies(cookies: AstroCookies, names: readonly string[]): void {
  for (const name of names) cookies.delete(name, { path: '/' });
}

/**
 * One Supabase client per request. `getClaims()` runs first: it refreshes a session near expiry
 * and verifies the access token's signature against the published keys. A session cookie that
 * does not verify is removed and the visitor is told why on the page that follows.
 */
export const withSupabase = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const noStore: Record<string, string> = {};
  const supabase = createSupabaseServerClient(context, (headers) => Object.assign(noStore, headers));
  context.locals.supabase = supabase;
  const { data, error } = await supabase.auth.getClaims();
  const presented = authCookieNames(context.request);
  if (data?.claims) {
    const roles = await loadRoles(supabase, data.claims.sub);
    context.locals.user = toSessionUser(data.claims, roles);
  } else if (presented.length > 0) {
    clearAuthCookies(context.cookies, presented);
    context.locals.flash.push({ ...authErrorToast(error?.message), kind: 'error' });
  }
  const response = await next();
  for (const [name, value] of Object.entries(noStore)) response.headers.set(name, value);
  return response;
});
