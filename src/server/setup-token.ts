import { randomBytes } from 'node:crypto';
import { setupTokenDigest } from '../features/admin/setup-token-digest.ts';
import { serviceClientFrom } from '../lib/supabase/service-env.ts';

const printToken = (token: string) =>
  console.info(
    `  administrator setup token: ${token} (enter it at /setup-admin while no administrator exists)`,
  );

/**
 * The first-administrator setup token. Taken from SETUP_ADMIN_TOKEN when the deployment sets it.
 * Otherwise generated now and offered to the database, which keeps one token for every app server
 * (offer_setup_token()): the server whose token is kept prints it; the others say that one stands.
 * Without the service key nothing could claim the role, so the token stays in this process.
 */
export async function announceSetupToken(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const configured = env['SETUP_ADMIN_TOKEN']?.trim();
  if (configured) {
    console.info('  administrator setup token: taken from SETUP_ADMIN_TOKEN');
    return;
  }
  const token = randomBytes(18).toString('base64url');
  const service = serviceClientFrom(env);
  if (!service) {
    env['SETUP_ADMIN_TOKEN'] = token;
    printToken(token);
    return;
  }
  const { data, error } = await service.rpc('offer_setup_token', { token_digest: setupTokenDigest(token) });
  if (error) console.warn(`  administrator setup token: could not be stored (${error.message})`);
  else if (data) printToken(token);
  else
    console.info(
      '  administrator setup token: not needed (an administrator exists) or printed by another server within the hour',
    );
}
