import type { z } from 'zod';
import { takeAuthAttempt } from '../../lib/security/app-rate-limit.server.ts';
import { fieldErrorsOf } from '../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../lib/security/form-outcome.ts';
import type { AuthActionContext } from './auth-context.ts';
import { AUTH_FORMS, isAuthIntent, RESEND_MISSING_MESSAGE, type AuthIntent } from './schema.ts';
import { signIn, verifyCode, verifyMfa } from './sign-in.server.ts';
import { resendConfirmation, resetPassword, sendMagicLink, sendRecovery, signUp } from './sign-up.server.ts';

function invalid(intent: AuthIntent, error: z.ZodError): FormOutcome {
  const fieldErrors = fieldErrorsOf(error);
  const summary =
    intent === 'resend' && Object.values(fieldErrors).includes(RESEND_MISSING_MESSAGE)
      ? RESEND_MISSING_MESSAGE
      : 'Please correct the highlighted fields.';
  return failure(400, summary, fieldErrors);
}

async function dispatch(
  context: AuthActionContext,
  intent: AuthIntent,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const parsed = AUTH_FORMS[intent].safeParse(fields);
  if (!parsed.success) return invalid(intent, parsed.error);
  const input = parsed.data;
  switch (intent) {
    case 'sign-in':
      return signIn(context, input as z.infer<(typeof AUTH_FORMS)['sign-in']>);
    case 'sign-up':
      return signUp(context, input as z.infer<(typeof AUTH_FORMS)['sign-up']>);
    case 'magic-link':
      return sendMagicLink(context, input as z.infer<(typeof AUTH_FORMS)['magic-link']>);
    case 'verify-code':
      return verifyCode(context, input as z.infer<(typeof AUTH_FORMS)['verify-code']>);
    case 'forgot':
      return sendRecovery(context, input as z.infer<(typeof AUTH_FORMS)['forgot']>);
    case 'reset':
      return resetPassword(context, input as z.infer<(typeof AUTH_FORMS)['reset']>);
    case 'resend':
      return resendConfirmation(context, input as z.infer<(typeof AUTH_FORMS)['resend']>);
    case 'mfa':
      return verifyMfa(context, input as z.infer<(typeof AUTH_FORMS)['mfa']>);
  }
}

/**
 * Runs one /auth form: the app's own per-address rate limit, the form's schema (authoritative),
 * then the backend call. The outcome renders the page or answers an island's fetch.
 */
export async function runAuthAction(
  context: AuthActionContext,
  clientIp: string,
  fields: Record<string, string>,
): Promise<{ intent: AuthIntent | null; outcome: FormOutcome }> {
  const intent = fields['intent'];
  if (!isAuthIntent(intent))
    return {
      intent: null,
      outcome: failure(400, 'This form is not recognised. Refresh the page and try again.'),
    };
  const limited = await takeAuthAttempt(clientIp);
  if (limited) return { intent, outcome: limited };
  try {
    return { intent, outcome: await dispatch(context, intent, fields) };
  } catch (error) {
    console.error('Auth action failed', error);
    return {
      intent,
      outcome: failure(502, 'We could not reach the sign-in service. Please try again in a moment.'),
    };
  }
}
