/**
 * The e2e web server: a throwaway local stack (in-memory database, temporary files) in this process,
 * and the built app pointed at it in a process of its own (tests/e2e/app-server.ts), as `npm start`
 * runs them: the app renders while the stack's in-process database works, on the other core.
 * Stops both on SIGTERM/SIGINT, and the stack when the app stops.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStack } from '../../supabase/local/server.ts';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
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
const app = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, fileURLToPath(new URL('./app-server.ts', import.meta.url))],
  {
    stdio: 'inherit',
  },
);
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  if (app.exitCode === null && app.signalCode === null) {
    app.kill('SIGTERM');
    await once(app, 'exit');
  }
  await stack.stop();
  process.exit(code);
};
app.once('exit', (code) => void stop(code ?? 1));
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
