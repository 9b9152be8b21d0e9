/**
 * The e2e web server: a throwaway local stack (in-memory database, temporary files) and the built
 * app pointed at it, as `npm start` runs them. Stops both on SIGTERM/SIGINT.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startStack } from '../../supabase/local/server.ts';
import { closeOnSignals, createAppServer, PROJECT_ROOT } from '../../src/server/serve.ts';
import { announceSetupToken } from '../../src/server/setup-token.ts';
import { startBackgroundWork } from '../../src/lib/jobs/background.server.ts';
import { configForOneAddress } from '../helpers/stack-config.ts';
import { e2eStackDir } from './stack-keys.ts';

const stackPort = Number(process.env['E2E_SUPABASE_PORT'] ?? 54399);
// A new install each run: fresh keys (which the specs read back) and an empty storage folder.
const dataDir = e2eStackDir(stackPort);
rmSync(dataDir, { recursive: true, force: true });
const stack = await startStack({
  port: stackPort,
  // Several runs may share the machine: the mailbox's SMTP listener takes any free port.
  smtpPort: 0,
  quiet: true,
  database: { kind: 'prepared-memory' },
  dataDir,
  config: configForOneAddress(),
});
Object.assign(process.env, {
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SMTP_URL: stack.smtpUrl ?? '',
  // Every test signs in from 127.0.0.1; the limiter itself is covered by unit tests.
  AUTH_RATE_LIMIT: process.env['AUTH_RATE_LIMIT'] ?? '10000',
  LEAD_RATE_LIMIT: process.env['LEAD_RATE_LIMIT'] ?? '10000',
  // Messages go out at once and the outbox is swept every second, so specs read them without waiting.
  MESSAGE_QUIET_SECONDS: process.env['MESSAGE_QUIET_SECONDS'] ?? '0',
  MAIL_SWEEP_SECONDS: '1',
});
// E2E_WITHOUT_ADMIN: a deployment nobody has claimed yet (the first-administrator journey).
if (process.env['E2E_WITHOUT_ADMIN'] === '1') {
  await stack.db.query("delete from public.user_roles where role = 'admin'");
}
await announceSetupToken();
const app = await createAppServer({
  host: process.env['HOST'] ?? '127.0.0.1',
  port: Number(process.env['PORT'] ?? 4399),
  distDir: process.env['E2E_DIST_DIR'] ?? join(PROJECT_ROOT, 'dist'),
  supabaseUrl: stack.url,
});
const stopBackground = await startBackgroundWork(process.env, { appUrl: app.url });
closeOnSignals(async () => {
  stopBackground();
  await app.close();
  await stack.stop();
});
console.info(`e2e: app ${app.url}, stack ${stack.url}`);
