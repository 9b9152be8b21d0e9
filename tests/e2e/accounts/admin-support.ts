import { createClient } from '@supabase/supabase-js';
import { stackKeys } from '../stack-keys.ts';
import { totpCode } from '../../helpers/totp.ts';
import { createConfirmedUser, PASSWORD, STACK_URL } from './support.ts';

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

/**
 * An administrator (role row written with the service key, as users cannot grant it themselves)
 * who has already turned on an authenticator app, so the account needs aal2 for the admin area.
 */
export async function createAdminWithAuthenticator(
  label: string,
): Promise<{ email: string; secret: string }> {
  const { email, id } = await createConfirmedUser(label);
  const keys = await stackKeys(STACK_URL);
  const service = createClient(STACK_URL, keys.serviceRoleKey, noSession);
  const role = await service.from('user_roles').insert({ user_id: id, role: 'admin' });
  if (role.error) throw new Error(`role failed: ${role.error.message}`);

  const client = createClient(STACK_URL, keys.anonKey, noSession);
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolled.error) throw new Error(`enroll failed: ${enrolled.error.message}`);
  const { id: factorId, totp } = enrolled.data;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret) });
  if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  await client.auth.signOut({ scope: 'local' });
  return { email, secret: totp.secret };
}
