import { defineMiddleware } from 'astro:middleware';
import type { SupabaseClient } from '@supabase/supabase-js';
import { isAdmin, type SessionUser } from '../../features/auth/session-user.ts';
import { isSecureRequest } from './context-middleware.ts';
import { putFlash } from './flash.ts';
import { signInPath } from './next-path.ts';

const SIGNED_IN_AREAS = ['/dashboard', '/applications', '/admission-application', '/profile'];
const ADMIN_AREAS = ['/admin', '/admin-intake'];

function within(pathname: string, areas: readonly string[]): boolean {
  return areas.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/** An administrator with a verified factor must have used it in this session. */
async function adminMayEnter(
  supabase: SupabaseClient | undefined,
  user: SessionUser | null,
): Promise<boolean> {
  if (!user || !isAdmin(user) || !supabase) return false;
  if (user.aal === 'aal2') return true;
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return false;
  return !(data.user.factors ?? []).some((factor) => factor.status === 'verified');
}

/** A session that signed in with one factor while the account has a verified second one. */
async function needsSecondFactor(supabase: SupabaseClient | undefined, user: SessionUser): Promise<boolean> {
  if (user.aal === 'aal2' || !supabase) return false;
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.nextLevel === 'aal2';
}

/**
 * Signed-out visitors of applicant areas go to sign-in and come back afterwards; admin areas do
 * not reveal that they exist to anyone who may not enter them (404).
 */
export const guards = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { pathname } = context.url;
  if (within(pathname, SIGNED_IN_AREAS)) {
    const here = `${pathname}${context.url.search}`;
    if (!context.locals.user) {
      putFlash(context.cookies, context.locals.flash, isSecureRequest(context.url));
      return context.redirect(signInPath(here), 303);
    }
    if (await needsSecondFactor(context.locals.supabase, context.locals.user)) {
      return context.redirect(`/auth?view=mfa&next=${encodeURIComponent(here)}`, 303);
    }
  }
  if (within(pathname, ADMIN_AREAS) && !(await adminMayEnter(context.locals.supabase, context.locals.user))) {
    return new Response(null, { status: 404 });
  }
  return next();
});
