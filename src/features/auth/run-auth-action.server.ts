import type { z } from 'zod';
import { takeAuthAttempt } from '../../lib/security/app-rate-limit.server.ts';
import { fieldErrorsOf } from '../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../lib/security/form-outcome.ts';
import type { AuthActionContext } from './auth-context.ts';
import { authActionSchema, isAuthIntent, RESEND_MISSING_MESSAGE, type AuthIntent } from './schema.ts';
import { redeemRecoveryCode } from './recovery-code.server.ts';
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
  const parsed = authActionSchema.safeParse(fields);
  if (!parsed.success) return invalid(intent, parsed.error);
  const input = parsed.data;
  switch (input.intent) {
    case 'sign-in':
      return signIn(context, input);
    case 'sign-up':
      return signUp(context, input);
    case 'magic-link':
      return sendMagicLink(context, input);
    case 'verify-code':
      return verifyCode(context, input);
    case 'forgot':
      return sendRecovery(context, input);
    case 'reset':
      return resetPassword(context, input);
    case 'resend':
      return resendConfirmation(context, input);
    case 'mfa':
      return verifyMfa(context, input);
    case 'mfa-recovery':
      return redeemRecoveryCode(context, input);
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
