/**
 * What `npm start` runs once the build is done: the services the app depends on, then the app
 * server in a process of its own, each announced with its URL; SIGTERM/SIGINT stop them in reverse
 * order. The app server is supervised: if it dies (a crash, memory), it is started again while the
 * local stack and its data keep running.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../supabase/local/server.ts';
import { DEMO_ACCOUNTS } from '../supabase/seed/demo-accounts.ts';
import { PROJECT_ROOT } from '../src/server/serve.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import { supervise } from './supervise.ts';

/** A process-local service started before the app, e.g. the local Supabase-compatible stack. */
export interface BackingService {
  name: string;
  /** Resolves once the service accepts requests; its environment (e.g. SUPABASE_URL) is set by then. */
  start(): Promise<{ url: string; stop(): Promise<void> }>;
}

/** The local Supabase-compatible stack, kept in .data/ (or on DATABASE_URL's server). */
const localBackend: BackingService = {
  name: 'Local Supabase stack',
  async start() {
    const databaseUrl = process.env['DATABASE_URL'];
    const stack = await startStack({
      port: Number(process.env['SUPABASE_PORT'] ?? 54321),
      dataDir: join(PROJECT_ROOT, '.data'),
      database: databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'pglite', dataDir: join(PROJECT_ROOT, '.data/db') },
    });
    process.env['SUPABASE_URL'] = stack.url;
    process.env['SUPABASE_ANON_KEY'] = stack.anonKey;
    // Server-only: account deletion and other privileged server paths use it; it never reaches a page.
    process.env['SUPABASE_SERVICE_ROLE_KEY'] ??= stack.serviceRoleKey;
    // The app's e-mails go to the mailbox over SMTP, as they would to a relay in production.
    if (stack.smtpUrl) process.env['SMTP_URL'] ??= stack.smtpUrl;
    // On the local stack only: the test payment provider, with a secret of this run, and demo bank
    // details (the IBAN is the documented example number), so that fees can be paid end to end.
    process.env['PAYMENT_TEST_PROVIDER'] ??= 'on';
    process.env['PAYMENT_TEST_SECRET'] ??= randomBytes(24).toString('hex');
    process.env['PAYMENT_BANK_ACCOUNT_NAME'] ??= 'Unipath Demo Admissions';
    process.env['PAYMENT_BANK_IBAN'] ??= 'GB33BUKB20201555555555';
    process.env['PAYMENT_BANK_BIC'] ??= 'BUKBGB22';
    console.info(
      [
        `  mailbox: ${stack.mailboxUrl}`,
        `  mailbox SMTP: ${stack.smtpUrl ?? 'off ([inbucket] enabled = false)'}`,
        `  database: ${stack.db.location}`,
        `  anon key: ${stack.anonKey}`,
        `  service role key (server only): ${stack.serviceRoleKey}`,
        `  keys of this install: ${join(PROJECT_ROOT, '.data/keys.json')}`,
      ].join('\n'),
    );
    console.info('  demo accounts (created by supabase/seed.sql on a fresh database):');
    for (const account of DEMO_ACCOUNTS) {
      console.info(`    ${account.email.padEnd(26)} ${account.password.padEnd(22)} ${account.purpose}`);
    }
    return { url: stack.url, stop: () => stack.stop() };
  },
};

/**
 * The services `npm start` brings up before the app: the local backend, unless SUPABASE_URL names
 * a backend that runs elsewhere (a hosted project, or `npm run backend` in another terminal).
 */
export function backingServices(): BackingService[] {
  return process.env['SUPABASE_URL'] ? [] : [localBackend];
}

const SERVE = fileURLToPath(new URL('../src/server/serve.ts', import.meta.url));

/** Resolves once the app answers its health check, or rejects after `timeoutMs`. */
async function answering(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const healthy = await fetch(new URL('/healthz', url)).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

async function main(): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  for (const service of backingServices()) {
    const { url, stop } = await service.start();
    stops.unshift(stop);
    console.info(`${service.name}: ${url}`);
  }
  const host = process.env['HOST'] ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${process.env['PORT'] ?? 4321}/`;
  const app = supervise(process.execPath, [...SERVER_NODE_FLAGS, SERVE], {
    onExit: (code, signal, restartInMs) =>
      console.error(
        `The app server stopped (${signal ?? `exit code ${code}`}); starting it again in ${restartInMs / 1000} s.`,
      ),
  });
  stops.unshift(() => app.stop());
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`Received ${signal}, shutting down.`);
    (async () => {
      for (const step of stops) await step();
    })().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await answering(url);
  console.info(`Unipath is running at ${url}`);
}

await main();
