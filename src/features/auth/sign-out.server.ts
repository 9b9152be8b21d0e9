import type { APIContext } from 'astro';
import { outcomeForAuthError } from '../../lib/security/auth-error-outcome.ts';
import { isSecureRequest } from '../../lib/security/context-middleware.ts';
import { putFlash } from '../../lib/security/flash.ts';
import {
  jsonOutcome,
  success,
  wantsJsonResponse,
  type FormOutcome,
} from '../../lib/security/form-outcome.ts';

const SCOPES = ['local', 'global', 'others'] as const;
type Scope = (typeof SCOPES)[number];

function scopeOf(value: FormDataEntryValue | null): Scope {
  return SCOPES.find((scope) => scope === value) ?? 'local';
}

async function signOut(context: APIContext, scope: Scope): Promise<FormOutcome> {
  const supabase = context.locals.supabase;
  if (!supabase || !context.locals.user) return success({ redirect: '/', event: 'SIGNED_OUT' });
  // The backend's 401/403/404 are ignored by supabase-js: the local session is cleared regardless.
  const { error } = await supabase.auth.signOut({ scope });
  if (error && scope === 'others') return outcomeForAuthError(error);
  if (scope === 'others') {
    return success({
      redirect: '/profile#security',
      message: 'You are signed out on every other device.',
      toast: {
        title: 'Other devices signed out',
        message: 'You are signed out on every other device.',
        kind: 'success',
      },
    });
  }
  // The sign-in page is rendered for each request, so it shows the confirmation (a prebuilt page could not).
  return success({
    redirect: '/auth',
    event: 'SIGNED_OUT',
    toast: { title: 'Signed out', message: 'You are signed out.', kind: 'info' },
  });
}

/** Sign-out clears this browser's session unless the scope is `others`. */
export async function signOutEverywhere(context: APIContext): Promise<Response> {
  // A body that is not a form carries no scope: it signs this browser out, as an empty form would.
  const form = await context.request.formData().catch(() => new FormData());
  const outcome = await signOut(context, scopeOf(form.get('scope')));
  if (wantsJsonResponse(context.request)) return jsonOutcome(outcome);
  putFlash(context.cookies, outcome.toast ? [outcome.toast] : [], isSecureRequest(context.url));
  return context.redirect(outcome.redirect ?? '/', 303);
}
