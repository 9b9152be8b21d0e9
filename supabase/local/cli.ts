import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiConfig, readConfig } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db/open.ts';
import { createKeys } from './keys.ts';
import { mailboxConfig } from './mail/smtp.ts';
import { startStack } from './server.ts';
import { generateTypes, typesFile } from './types/generate.ts';

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = resolve(process.env['SUPABASE_DATA_DIR'] ?? join(projectDir, '.data'));
const config = readConfig(join(projectDir, 'supabase/config.toml'));
const port = Number(process.env['SUPABASE_PORT'] ?? apiConfig(config).port);
const host = process.env['SUPABASE_HOST'] ?? '127.0.0.1';
const inbucket = mailboxConfig(config);
/** The mailbox's SMTP address; it listens on 127.0.0.1 whatever the API's host. */
const smtpUrl = inbucket.enabled ? `smtp://127.0.0.1:${inbucket.smtpPort}` : null;

function target(): Exclude<DatabaseTarget, { kind: 'memory' }> {
  const url = process.env['DATABASE_URL'];
  return url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: join(dataDir, 'db') };
}

/** This data folder's keys, made on first use (the same file `start` reads). */
const installKeys = () => createKeys({ file: join(dataDir, 'keys.json') });

async function status(json: boolean) {
  const keys = await installKeys();
  const apiUrl = `http://${host}:${port}`;
  const t = target();
  const info = {
    api_url: apiUrl,
    anon_key: keys.anonKey,
    service_role_key: keys.serviceRoleKey,
    publishable_key: keys.publishableKey,
    secret_key: keys.secretKey,
    jwt_secret: keys.jwtSecret,
    jwks_url: `${apiUrl}/auth/v1/.well-known/jwks.json`,
    mailbox_url: `${apiUrl}/mailbox`,
    smtp_url: smtpUrl ?? 'off',
    db: t.kind === 'postgres' ? new URL(t.url).toString().replace(/:[^:@/]+@/, ':***@') : t.dataDir,
    running: await fetch(`${apiUrl}/auth/v1/health`, { headers: { apikey: keys.anonKey } }).then(
      (r) => r.ok,
      () => false,
    ),
  };
  if (json) console.info(JSON.stringify(info, null, 2));
  else for (const [key, value] of Object.entries(info)) console.info(`${key.padEnd(18)} ${String(value)}`);
}

async function reset() {
  const t = target();
  if (t.kind === 'postgres') {
    throw new Error('reset does not drop a server database: recreate the DATABASE_URL database, then start');
  }
  rmSync(join(dataDir, 'db'), { recursive: true, force: true });
  rmSync(join(dataDir, 'storage'), { recursive: true, force: true });
  const { db, report } = await openDatabase(t);
  await db.close();
  console.info(
    `database rebuilt: ${report.migrations.length} migrations applied, seed ${report.seeded ? 'applied' : 'absent'}`,
  );
}

/**
 * Runs a command (e.g. `astro dev`) against the stack of this data folder: SUPABASE_URL and its
 * keys are set unless the environment already names a backend.
 */
async function exec(command: string[]) {
  const [program, ...args] = command;
  if (!program) throw new Error('usage: npm run backend -- exec <command> [args…]');
  const keys = await installKeys();
  const env = process.env['SUPABASE_URL']
    ? process.env
    : {
        ...process.env,
        SUPABASE_URL: `http://${host}:${port}`,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        ...(smtpUrl && !process.env['SMTP_URL'] ? { SMTP_URL: smtpUrl } : {}),
      };
  const child = spawn(program, args, { stdio: 'inherit', env });
  await new Promise<void>((done) => child.once('exit', (code) => done(void (process.exitCode = code ?? 1))));
}

/** Writes the database types of the migrations' schema (`gen-types`), or prints them (`--stdout`). */
async function genTypes(stdout: boolean) {
  const source = await generateTypes(projectDir, apiConfig(config).schemas);
  if (stdout) process.stdout.write(source);
  else {
    writeFileSync(join(projectDir, typesFile), source);
    console.info(`wrote ${typesFile}`);
  }
}

/** Starts the stack and keeps it running until interrupted. */
export async function serve() {
  const stack = await startStack({ host, port, database: target(), dataDir });
  console.info(`Local Supabase stack running
  API URL       ${stack.url}
  Mailbox       ${stack.mailboxUrl}
  Mailbox SMTP  ${stack.smtpUrl ?? 'off'}
  Database      ${stack.db.location}
  anon key      ${stack.anonKey}
  service key   ${stack.serviceRoleKey}
  publishable   ${stack.publishableKey}
  secret key    ${stack.secretKey}
  keys file     ${join(dataDir, 'keys.json')}`);
  const stop = () => void stack.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return stack;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command = 'start', ...rest] = process.argv.slice(2);
  const run =
    command === 'status'
      ? status(rest.includes('--json'))
      : command === 'reset'
        ? reset()
        : command === 'start'
          ? serve()
          : command === 'exec'
            ? exec(rest)
            : command === 'gen-types'
              ? genTypes(rest.includes('--stdout'))
              : null;
  if (!run) {
    console.error(
      `usage: npm run backend -- [start | status [--json] | reset | exec <command> | gen-types [--stdout]]`,
    );
    process.exit(2);
  }
  run.catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
