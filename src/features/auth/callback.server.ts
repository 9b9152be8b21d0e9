import type { APIContext } from 'astro';
import { isSecureRequest } from '../../lib/security/context-middleware.ts';
import { putFlash, type FlashToast } from '../../lib/security/flash.ts';
import { authErrorToast } from '../../lib/security/messages.ts';
import { sanitizeNextPath } from '../../lib/security/next-path.ts';
import { authPath } from './auth-context.ts';

/**
 * A link opened in another browser than the one that asked for it: that browser holds no code
 * verifier, so nobody is signed in here. A sign-up link has still confirmed the address (the auth
 * server confirms it before redirecting), so this says so; the other links say where they work.
 */
const ELSEWHERE: Record<string, FlashToast> = {
  signup: {
    title: 'E-mail address confirmed',
    message:
      'Your e-mail address is confirmed. The link opened in a different browser from the one you signed up in, so sign in here to continue.',
    kind: 'success',
  },
  signin: {
    title: 'Not signed in',
    message:
      'This sign-in link works in the browser where you asked for it. Here, enter the code from the same e-mail, or ask for a new link.',
    kind: 'error',
  },
  recovery: {
    title: 'Not signed in',
    message:
      'This reset link works in the browser where you asked for it. Here, enter the code from the same e-mail, or ask for a new link.',
    kind: 'error',
  },
};

function failWith(context: APIContext, message: string, next: string): Response {
  const toast: FlashToast = { ...authErrorToast(message), kind: 'error' };
  putFlash(context.cookies, [toast], isSecureRequest(context.url));
  return context.redirect(authPath('sign-in', next), 303);
}

/**
 * Finishes a sign-up confirmation, magic link or password recovery opened from an e-mail. A
 * callback that carries error fields fails with the backend's description; one without a code
 * is not a PKCE callback. Recovery continues to the new-password form.
 */
export async function completeEmailLink(context: APIContext): Promise<Response> {
  const { searchParams } = context.url;
  const next = sanitizeNextPath(searchParams.get('next'));
  const error = searchParams.get('error_description') ?? searchParams.get('error');
  if (error) return failWith(context, error, next);
  const code = searchParams.get('code');
  if (!code) return failWith(context, 'No code detected.', next);
  const supabase = context.locals.supabase;
  if (!supabase) return failWith(context, 'Not a valid PKCE flow url.', next);
  const { data, error: exchangeError } = await supabase.auth.exchangeCodeForSession(code);
  const elsewhere = ELSEWHERE[searchParams.get('for') ?? ''];
  if (exchangeError?.code === 'pkce_code_verifier_not_found' && elsewhere) {
    putFlash(context.cookies, [elsewhere], isSecureRequest(context.url));
    return context.redirect(authPath('sign-in', next), 303);
  }
  if (exchangeError) return failWith(context, exchangeError.message, next);
  // supabase-js reports which flow the stored code verifier belonged to.
  const { redirectType } = data as { redirectType?: string | null };
  if (redirectType === 'recovery') return context.redirect(authPath('reset', next), 303);
  const toast: FlashToast = {
    title: 'Signed in',
    message: 'Your e-mail address is confirmed and you are signed in.',
    kind: 'success',
  };
  putFlash(context.cookies, [toast], isSecureRequest(context.url));
  return context.redirect(next, 303);
}
