import { outcomeForAuthError } from '../../lib/security/auth-error-outcome.ts';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { callbackUrl, type AuthActionContext } from './auth-context.ts';
import type { EmailOnlyInput, ResendInput, ResetPasswordInput, SignUpInput } from './schema.ts';

/** The next view shows the code form for this address, so the code works where the link cannot. */
function codeStep(email: string, type: 'signup' | 'email' | 'recovery', message: string): FormOutcome {
  return success({ message, data: { view: 'code', email, type } });
}

export async function signUp(context: AuthActionContext, input: SignUpInput): Promise<FormOutcome> {
  const { data, error } = await context.supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: callbackUrl(context, 'signup'),
      ...(input.full_name ? { data: { full_name: input.full_name } } : {}),
    },
  });
  if (error) return outcomeForAuthError(error);
  if (data.session) return success({ redirect: context.next, event: 'SIGNED_IN' });
  return codeStep(
    input.email,
    'signup',
    `Almost there: we sent a confirmation link and a code to ${input.email}. Open the link, or enter the code below.`,
  );
}

/** Passwordless sign-in. The answer is the same whether or not the address has an account. */
export async function sendMagicLink(context: AuthActionContext, input: EmailOnlyInput): Promise<FormOutcome> {
  const { error } = await context.supabase.auth.signInWithOtp({
    email: input.email,
    options: { emailRedirectTo: callbackUrl(context, 'signin'), shouldCreateUser: false },
  });
  if (error && error.code !== 'otp_disabled') return outcomeForAuthError(error);
  return codeStep(
    input.email,
    'email',
    `If ${input.email} has a Unipath account, we sent it a sign-in link and a code. Open the link, or enter the code below.`,
  );
}

export async function sendRecovery(context: AuthActionContext, input: EmailOnlyInput): Promise<FormOutcome> {
  const { error } = await context.supabase.auth.resetPasswordForEmail(input.email, {
    redirectTo: callbackUrl(context, 'recovery'),
  });
  if (error) return outcomeForAuthError(error);
  return codeStep(
    input.email,
    'recovery',
    `If ${input.email} has a Unipath account, we sent it a link and a code to reset your password.`,
  );
}

export async function resendConfirmation(
  context: AuthActionContext,
  input: ResendInput,
): Promise<FormOutcome> {
  const { error } = await context.supabase.auth.resend({
    type: input.type,
    email: input.email,
    options: { emailRedirectTo: callbackUrl(context, 'signup') },
  });
  if (error) return outcomeForAuthError(error);
  return codeStep(
    input.email,
    'signup',
    `If ${input.email} is waiting for confirmation, we sent it a new link and code.`,
  );
}

/** Sets a new password in a recovery session (opened from the reset link or code). */
export async function resetPassword(
  context: AuthActionContext,
  input: ResetPasswordInput,
): Promise<FormOutcome> {
  if (!context.user?.methods.includes('recovery')) {
    return failure(401, 'Your reset link has expired. Ask for a new one below.');
  }
  const { error } = await context.supabase.auth.updateUser({ password: input.password });
  if (error) return outcomeForAuthError(error);
  return success({
    redirect: context.next,
    event: 'USER_UPDATED',
    toast: { title: 'Password changed', message: 'Your new password is set.', kind: 'success' },
  });
}
