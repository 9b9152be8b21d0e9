import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { isAuthRetryableFetchError, type User } from '@supabase/supabase-js';
import { getSecret } from 'astro:env/server';
import { isStaff, rolesOf } from '../auth/session-user.ts';
import { json } from '../json-api.server.ts';
import { clearAuthCookies } from '../supabase/auth-cookies.ts';
import { isSecureRequest } from './context-middleware.ts';
import { isStateChanging } from './csrf.ts';
import { putFlash } from './flash.ts';
import { authErrorToast } from './messages.ts';
import { signInPath } from './next-path.ts';

const SIGNED_IN_AREAS = ['/dashboard', '/applications', '/admission-application', '/profile'];
const ADMIN_AREAS = ['/admin', '/admin-intake'];
/** Endpoints and pages that act only for a signed-in caller, besides the areas above. */
const SIGNED_IN_ACTIONS = ['/api/applications', '/api/shortlist/merge', '/setup-admin'];

function within(pathname: string, areas: readonly string[]): boolean {
  return areas.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/**
 * The user as the auth server knows them right now. A signed token alone stays valid until it
 * expires even after "sign out other devices"; protected areas ask whether the session still exists.
 */
async function currentUser(context: APIContext): Promise<{ user: User | null; message?: string }> {
  const supabase = context.locals.supabase;
  if (!supabase || !context.locals.user) return { user: null };
  const { data, error } = await supabase.auth.getUser();
  // Unreachable is not signed out: the middleware answers 503 and the session cookies stay.
  if (isAuthRetryableFetchError(error)) throw error;
  return error ? { user: null, message: error.message } : { user: data.user };
}

/** The STAFF_MFA_REQUIRED switch: staff without a verified second factor are sent to set one up. */
function staffMfaRequired(): boolean {
  return ['1', 'true'].includes(String(getSecret('STAFF_MFA_REQUIRED') ?? '').toLowerCase());
}

const hasVerifiedFactor = (user: User) => (user.factors ?? []).some((factor) => factor.status === 'verified');

function toSignIn(context: APIContext, here: string, message?: string): Response {
  if (message !== undefined) {
    clearAuthCookies(context.cookies, context.request);
    context.locals.flash.push({ ...authErrorToast(message), kind: 'error' });
  }
  putFlash(context.cookies, context.locals.flash, isSecureRequest(context.url));
  return context.redirect(signInPath(here), 303);
}

/**
 * Signed-out visitors of applicant areas go to sign-in and come back afterwards; a session that
 * signed in with one factor while the account has two must finish the second. Admin areas do not
 * reveal that they exist to anyone but staff (404), need aal2 when the member of staff has a
 * verified factor, and a verified factor at all when STAFF_MFA_REQUIRED is on.
 */
export const guards = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { pathname } = context.url;
  const here = `${pathname}${context.url.search}`;
  const session = context.locals.user;
  if (within(pathname, SIGNED_IN_AREAS)) {
    if (!session) return toSignIn(context, here);
    const { user, message } = await currentUser(context);
    if (!user) return toSignIn(context, here, message);
    if (session.aal !== 'aal2' && hasVerifiedFactor(user)) {
      return context.redirect(`/auth?view=mfa&next=${encodeURIComponent(here)}`, 303);
    }
  }
  if (within(pathname, ADMIN_AREAS)) {
    const { user } = isStaff(session) ? await currentUser(context) : { user: null };
    if (!user) return new Response(null, { status: 404 });
    if (hasVerifiedFactor(user)) {
      if (session?.aal !== 'aal2')
        return context.redirect(`/auth?view=mfa&next=${encodeURIComponent(here)}`, 303);
    } else if (staffMfaRequired()) {
      context.locals.flash.push({
        title: 'Two-factor authentication required',
        message: 'Set up an authenticator app before you open the admin pages.',
        kind: 'warning',
      });
      putFlash(context.cookies, context.locals.flash, isSecureRequest(context.url));
      return context.redirect('/profile#security', 303);
    }
    return staffPage(context, next, here);
  }
  return next();
});

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/** Whether the roles changed since this request's token was issued; the session is refreshed to tell. */
async function rolesChanged(context: APIContext): Promise<boolean> {
  const supabase = context.locals.supabase;
  const before = context.locals.user?.roles ?? [];
  if (!supabase || !(await supabase.auth.refreshSession()).data.session) return false;
  const { data } = await supabase.auth.getClaims();
  return data?.claims !== undefined && !sameRoles(before, rolesOf(data.claims));
}

/**
 * An admin page, rendered with the roles the token names. The database checks the roles table on
 * every query, so a page that fails may have met a role revoked since the token was issued: then
 * the session is refreshed at once (the new token names the roles as they are) and the page asked
 * for again, where the guards above decide with the new roles. Any other failure is passed on.
 */
async function staffPage(context: APIContext, next: MiddlewareNext, here: string): Promise<Response> {
  let response: Response;
  try {
    response = await next();
  } catch (failure) {
    if (await rolesChanged(context)) return context.redirect(here, 303);
    throw failure;
  }
  if (response.status >= 500 && (await rolesChanged(context))) return context.redirect(here, 303);
  return response;
}

/**
 * A state-changing request from someone who is not signed in, to a route that acts only for a
 * signed-in caller, is answered before anything reads its body (the CSRF check reads form posts):
 * admin areas say nothing (404), endpoints answer 401, pages send the visitor to sign in.
 */
export const signedOutPosts = defineMiddleware((context, next) => {
  if (context.isPrerendered || context.locals.user || !isStateChanging(context.request.method)) return next();
  // A post from another site is the CSRF check's to refuse (403), also before it reads any body.
  if (context.request.headers.get('origin') !== context.url.origin) return next();
  const { pathname } = context.url;
  if (within(pathname, ADMIN_AREAS)) return new Response(null, { status: 404 });
  if (pathname.startsWith('/api/') && within(pathname, SIGNED_IN_ACTIONS))
    return json({ ok: false, status: 401, message: 'Your session has ended. Please sign in again.' }, 401);
  if (within(pathname, [...SIGNED_IN_AREAS, ...SIGNED_IN_ACTIONS]))
    return toSignIn(context, `${pathname}${context.url.search}`);
  return next();
});
