import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import type { AuthActionContext } from './auth-context.ts';
import type { MfaRecoveryInput } from './schema.ts';

const WRONG_CODE = 'That recovery code is not right, or it has been used already.';
const UNAVAILABLE =
  'Recovery codes cannot be used right now. Please try again in a moment, or contact us to get back in.';

/**
 * The second step with a recovery code instead of the authenticator app. The database spends the
 * code (once, for its owner, with a limit on wrong guesses, and e-mails the owner); Supabase Auth has
 * no recovery codes, so the authenticator is then removed through its admin API, the other codes go
 * with it, and the refreshed session is complete at aal1. The owner lands on the page to set it up again.
 */
export async function redeemRecoveryCode(
  context: AuthActionContext,
  input: MfaRecoveryInput,
): Promise<FormOutcome> {
  const userId = context.user?.id;
  if (!userId) return failure(401, 'Sign in with your password first.');
  const admin = createServiceRoleClient();
  if (!admin) return failure(503, UNAVAILABLE);
  const { data: spent, error } = await context.supabase.rpc('redeem_mfa_recovery_code', { code: input.code });
  if (error) {
    if (error.code === 'PT429') return failure(429, error.message, { code: error.message });
    console.error('Redeeming a recovery code failed', error.message);
    return failure(502, UNAVAILABLE);
  }
  if (!spent) return failure(400, WRONG_CODE, { code: WRONG_CODE });
  const factors = await admin.auth.admin.mfa.listFactors({ userId });
  if (factors.error) {
    console.error('Listing factors failed', factors.error.message);
    return failure(502, UNAVAILABLE);
  }
  for (const factor of factors.data.factors) {
    const removed = await admin.auth.admin.mfa.deleteFactor({ userId, id: factor.id });
    if (removed.error) {
      console.error('Removing a factor failed', removed.error.message);
      return failure(502, UNAVAILABLE);
    }
  }
  const discarded = await admin.from('mfa_recovery_codes').delete().eq('user_id', userId);
  if (discarded.error) console.error('Discarding recovery codes failed', discarded.error.message);
  const refreshed = await context.supabase.auth.refreshSession();
  if (refreshed.error) return failure(401, 'Your session ended. Sign in again.');
  sendPendingMail();
  return success({
    redirect: '/profile#security',
    event: 'SIGNED_IN',
    toast: {
      title: 'Signed in with a recovery code',
      message:
        'Two-step verification is now off and your other recovery codes no longer work. Set up your authenticator app again below.',
      kind: 'warning',
    },
  });
}
