import { isStaff, toSessionUser } from '../../lib/auth/session-user.ts';
import { outcomeForAuthError } from '../../lib/security/auth-error-outcome.ts';
import { success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { authPath, type AuthActionContext } from './auth-context.ts';
import type { MfaCodeInput, SignInInput, VerifyCodeInput } from './schema.ts';

/** Where a sign-in that asked for no page lands: the admin console for staff, else the dashboard. */
async function landing(context: AuthActionContext): Promise<string> {
  if (!context.nextIsDefault) return context.next;
  const { data } = await context.supabase.auth.getClaims();
  return data && isStaff(toSessionUser(data.claims)) ? '/admin' : context.next;
}

/** After a first factor: on to the MFA step when the account has a verified factor, else onwards. */
async function continueAfterFirstFactor(context: AuthActionContext): Promise<FormOutcome> {
  const next = await landing(context);
  const { data } = await context.supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2') {
    return success({ redirect: authPath('mfa', next), event: 'SIGNED_IN' });
  }
  return success({ redirect: next, event: 'SIGNED_IN' });
}

export async function signIn(context: AuthActionContext, input: SignInInput): Promise<FormOutcome> {
  const { error } = await context.supabase.auth.signInWithPassword(input);
  if (error) return outcomeForAuthError(error);
  return continueAfterFirstFactor(context);
}

/** A code from an e-mail: sign-up confirmation, passwordless sign-in or password recovery. */
export async function verifyCode(context: AuthActionContext, input: VerifyCodeInput): Promise<FormOutcome> {
  const { error } = await context.supabase.auth.verifyOtp({
    email: input.email,
    token: input.code,
    type: input.type,
  });
  if (error) return outcomeForAuthError(error);
  if (input.type === 'recovery') {
    return success({ redirect: authPath('reset', context.next), event: 'PASSWORD_RECOVERY' });
  }
  return continueAfterFirstFactor(context);
}

/** The second step for accounts with a verified TOTP factor: aal1 becomes aal2. */
export async function verifyMfa(context: AuthActionContext, input: MfaCodeInput): Promise<FormOutcome> {
  const { data, error } = await context.supabase.auth.mfa.listFactors();
  if (error) return outcomeForAuthError(error);
  const factor = data.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) return success({ redirect: context.next });
  const verified = await context.supabase.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: input.code,
  });
  if (verified.error) return outcomeForAuthError(verified.error);
  return success({ redirect: context.next, event: 'MFA_CHALLENGE_VERIFIED' });
}
