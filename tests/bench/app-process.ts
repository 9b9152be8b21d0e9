// The process the bench measures: the local stack and the production app server, on free ports.
// Started by app.ts (pinned to one core); prints one READY line with its addresses, stops on SIGTERM.
import { join } from 'node:path';
import { startStack } from '../../supabase/local/server.ts';
import { createAppServer, PROJECT_ROOT } from '../../src/server/serve.ts';

const dataDir = process.env['BENCH_DATA_DIR'] ?? join(PROJECT_ROOT, '.bench/data');
const databaseUrl = process.env['BENCH_DATABASE_URL'];

const stack = await startStack({
  port: 0,
  quiet: true,
  dataDir,
  database: databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: join(dataDir, 'db') },
});
process.env['SUPABASE_URL'] = stack.url;
process.env['SUPABASE_ANON_KEY'] = stack.anonKey;
const app = await createAppServer({
  host: '127.0.0.1',
  port: 0,
  distDir: process.env['BENCH_DIST_DIR'] ?? join(PROJECT_ROOT, 'dist'),
  supabaseUrl: stack.url,
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await stack.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

console.info(`READY ${JSON.stringify({ appUrl: app.url, stackUrl: stack.url, anonKey: stack.anonKey })}`);
