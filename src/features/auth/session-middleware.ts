import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { toSessionUser } from '../../lib/auth/session-user.ts';
import { authErrorToast } from '../../lib/security/messages.ts';
import { syncAccountHint } from '../account-nav/session-hint.server.ts';
import { authCookieNames, clearAuthCookies } from '../../lib/supabase/auth-cookies.ts';
import {
  backendAnswers,
  createBackendWatch,
  UNAVAILABLE_PATH,
  unavailableJson,
  unavailablePageRequest,
  wantsJson,
} from '../../lib/supabase/backend-unavailable.ts';
import { supabasePublicConfig } from '../../lib/supabase/config.server.ts';
import { createSupabaseServerClient } from '../../lib/supabase/server.ts';

/** 503: JSON for endpoints, the unavailable page (a rewrite, so the address stays) for pages. */
function backendUnavailable(context: APIContext): Response | Promise<Response> {
  if (wantsJson(context.request, context.url.pathname)) return unavailableJson();
  return context.rewrite(unavailablePageRequest(context.request, context.url));
}

/** A failed page is the backend's fault when a call of this request found it down, or it is down now. */
async function blameBackend(down: boolean): Promise<boolean> {
  return down || !(await backendAnswers(supabasePublicConfig().url));
}

/**
 * One Supabase client per request. `getClaims()` runs first: it refreshes a session near expiry
 * and verifies the access token's signature against the published keys. A session cookie that
 * does not verify is removed and the visitor is told why on the page that follows. While the
 * backend is unreachable nothing is concluded about the session: the visitor gets a 503 instead.
 */
export const withSupabase = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || context.url.pathname === UNAVAILABLE_PATH) return next();
  const noStore: Record<string, string> = {};
  const watch = createBackendWatch();
  // Whether this request ends with a session: as verified below, unless it signs in or out.
  let sessionWritten: boolean | undefined;
  const supabase = createSupabaseServerClient(
    context,
    (headers) => Object.assign(noStore, headers),
    watch.fetch,
    (present) => (sessionWritten = present),
  );
  context.locals.supabase = supabase;
  const { data, error } = await supabase.auth.getClaims();
  const presented = authCookieNames(context.request);
  if (data?.claims) {
    context.locals.user = toSessionUser(data.claims);
  } else if (presented.length > 0 && !watch.down) {
    clearAuthCookies(context.cookies, context.request);
    sessionWritten = false;
    context.locals.flash.push({ ...authErrorToast(error?.message), kind: 'error' });
  }
  if (watch.down) return backendUnavailable(context);
  let response: Response;
  try {
    response = await next();
  } catch (failure) {
    if (await blameBackend(watch.down)) return backendUnavailable(context);
    throw failure;
  }
  if (watch.down || (response.status >= 500 && (await blameBackend(false))))
    return backendUnavailable(context);
  for (const [name, value] of Object.entries(noStore)) response.headers.set(name, value);
  return syncAccountHint(context, response, sessionWritten ?? context.locals.user !== null);
});
