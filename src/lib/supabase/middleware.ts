import { defineMiddleware } from 'astro:middleware';
import { loadRoles, toSessionUser } from '../../features/auth/session-user.ts';
import { authErrorToast } from '../security/messages.ts';
import { authCookieNames, clearAuthCookies } from './auth-cookies.ts';
import { createSupabaseServerClient } from './server.ts';

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
    clearAuthCookies(context.cookies, context.request);
    context.locals.flash.push({ ...authErrorToast(error?.message), kind: 'error' });
  }
  const response = await next();
  for (const [name, value] of Object.entries(noStore)) response.headers.set(name, value);
  return response;
});
