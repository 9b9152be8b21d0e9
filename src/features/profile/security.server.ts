import type { SupabaseClient } from '@supabase/supabase-js';
import QRCode from 'qrcode';
import { outcomeForAuthError } from '../../lib/security/auth-error-outcome.ts';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import type { ChangePasswordInput, MfaVerifyInput } from './schema.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** E-mails a one-time code that proves it is really the user changing the password. */
export async function sendReauthenticationCode(
  supabase: SupabaseClient<Database>,
  email: string,
): Promise<FormOutcome> {
  const { error } = await supabase.auth.reauthenticate();
  if (error) return outcomeForAuthError(error);
  return success({
    message: `We e-mailed a verification code to ${email}. Enter it below with your new password.`,
  });
}

export async function changePassword(
  supabase: SupabaseClient<Database>,
  input: ChangePasswordInput,
): Promise<FormOutcome> {
  const { error } = await supabase.auth.updateUser({ password: input.password, nonce: input.nonce });
  if (error) return outcomeForAuthError(error);
  const message = 'Your password is changed.';
  return success({
    message,
    event: 'USER_UPDATED',
    toast: { title: 'Password changed', message, kind: 'success' },
  });
}

/** Starts TOTP set-up: leftover unfinished set-ups are removed, the QR code is drawn here. */
export async function enrollTotp(supabase: SupabaseClient<Database>): Promise<FormOutcome> {
  const factors = await supabase.auth.mfa.listFactors();
  for (const factor of factors.data?.all ?? []) {
    if (factor.factor_type === 'totp' && factor.status === 'unverified')
      await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Authenticator app',
    issuer: 'Unipath',
  });
  if (error) return outcomeForAuthError(error);
  const qr = await QRCode.toDataURL(data.totp.uri, { margin: 1, width: 200 });
  return success({
    message:
      'Scan the QR code with your authenticator app, or type the key, then enter the 6-digit code it shows.',
    data: { factor_id: data.id, qr, secret: data.totp.secret },
  });
}

/** Ten new recovery codes for a session at aal2; the old ones stop working. Shown once, never stored readable. */
async function issueCodes(supabase: SupabaseClient<Database>): Promise<string[] | null> {
  const { data, error } = await supabase.rpc('issue_mfa_recovery_codes');
  if (error) {
    console.error('Making recovery codes failed', error.message);
    return null;
  }
  return data;
}

export async function verifyTotp(
  supabase: SupabaseClient<Database>,
  input: MfaVerifyInput,
): Promise<FormOutcome> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({
    factorId: input.factor_id,
    code: input.code,
  });
  if (error) return { ...outcomeForAuthError(error), data: { factor_id: input.factor_id } };
  const codes = await issueCodes(supabase);
  const message = codes
    ? 'Two-step verification is on. Save your recovery codes now: they are shown only once.'
    : 'Two-step verification is on, but we could not make your recovery codes. Make them below.';
  return success({
    message,
    event: 'MFA_CHALLENGE_VERIFIED',
    data: { factor_id: input.factor_id, ...(codes ? { recovery_codes: codes } : {}) },
    toast: { title: 'Two-step verification on', message, kind: 'success' },
  });
}

export async function makeRecoveryCodes(supabase: SupabaseClient<Database>): Promise<FormOutcome> {
  const codes = await issueCodes(supabase);
  if (!codes) return failure(502, 'We could not make new recovery codes. Please try again in a moment.');
  const message = 'New recovery codes are ready, and your old ones no longer work. Save these now.';
  return success({
    message,
    data: { recovery_codes: codes },
    toast: { title: 'New recovery codes', message, kind: 'success' },
  });
}

export async function removeTotp(supabase: SupabaseClient<Database>, factorId: string): Promise<FormOutcome> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) return outcomeForAuthError(error);
  // The session still says aal2 until refreshed: the codes that backed the factor go first.
  const discarded = await supabase.rpc('discard_mfa_recovery_codes');
  if (discarded.error) console.error('Discarding recovery codes failed', discarded.error.message);
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) return failure(401, refreshed.error.message);
  const message = 'Two-step verification is off, and your recovery codes no longer work.';
  return success({
    message,
    redirect: '/profile#security',
    event: 'USER_UPDATED',
    toast: { title: 'Authenticator removed', message, kind: 'success' },
  });
}

/** Ends every other session of the user; this browser stays signed in. */
export async function signOutOtherDevices(supabase: SupabaseClient<Database>): Promise<FormOutcome> {
  const { error } = await supabase.auth.signOut({ scope: 'others' });
  if (error) return outcomeForAuthError(error);
  const message = 'You are signed out on every other device.';
  return success({ message, toast: { title: 'Other devices signed out', message, kind: 'success' } });
}
