import { randomBytes } from 'node:crypto';

/**
 * The first-administrator setup token. Taken from SETUP_ADMIN_TOKEN when the deployment sets it;
 * otherwise generated now, put in this process's environment for the app to read, and printed so
 * whoever started the server can claim the first administrator at /setup-admin.
 */
export function announceSetupToken(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['SETUP_ADMIN_TOKEN']?.trim();
  if (configured) {
    console.info('  administrator setup token: taken from SETUP_ADMIN_TOKEN');
    return configured;
  }
  const token = randomBytes(18).toString('base64url');
  env['SETUP_ADMIN_TOKEN'] = token;
  console.info(
    `  administrator setup token: ${token} (enter it at /setup-admin while no administrator exists)`,
  );
  return token;
}
