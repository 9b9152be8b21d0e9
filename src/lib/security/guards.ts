import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import { isAdmin } from '../../features/auth/session-user.ts';
import { clearAuthCookies } from '../supabase/auth-cookies.ts';
import { isSecureRequest } from './context-middleware.ts';
import { putFlash } from './flash.ts';
import { authErrorToast } from './messages.ts';
import { signInPath } from './next-path.ts';

const SIGNED_IN_AREAS = ['/dashboard', '/applications', '/admission-application', '/profile'];
const ADMIN_AREAS = ['/admin', '/admin-intake'];

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
  return error ? { user: null, message: error.message } : { user: data.user };
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
 * reveal that they exist to anyone who may not enter them (404), and need aal2 when the
 * administrator has a verified factor.
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
    const { user } = isAdmin(session) ? await currentUser(context) : { user: null };
    const allowed = user !== null && (session?.aal === 'aal2' || !hasVerifiedFactor(user));
    if (!allowed) return new Response(null, { status: 404 });
  }
  return next();
});
