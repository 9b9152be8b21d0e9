import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiConfig, readConfig } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db/open.ts';
import { createKeys } from './keys.ts';
import { startStack } from './server.ts';

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = resolve(process.env['SUPABASE_DATA_DIR'] ?? join(projectDir, '.data'));
const config = readConfig(join(projectDir, 'supabase/config.toml'));
const port = Number(process.env['SUPABASE_PORT'] ?? apiConfig(config).port);
const host = process.env['SUPABASE_HOST'] ?? '127.0.0.1';

function target(): Exclude<DatabaseTarget, { kind: 'memory' }> {
  const url = process.env['DATABASE_URL'];
  return url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: join(dataDir, 'db') };
}

async function status(json: boolean) {
  const keys = await createKeys();
  const apiUrl = `http://${host}:${port}`;
  const t = target();
  const info = {
    api_url: apiUrl,
    anon_key: keys.anonKey,
    service_role_key: keys.serviceRoleKey,
    mailbox_url: `${apiUrl}/mailbox`,
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

/** Starts the stack and keeps it running until interrupted. */
export async function serve() {
  const stack = await startStack({ host, port, database: target(), dataDir });
  console.info(`Local Supabase stack running
  API URL       ${stack.url}
  Mailbox       ${stack.mailboxUrl}
  Database      ${stack.db.location}
  anon key      ${stack.anonKey}
  service key   ${stack.serviceRoleKey}`);
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
          : null;
  if (!run) {
    console.error(`usage: npm run backend -- [start | status [--json] | reset]`);
    process.exit(2);
  }
  run.catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
