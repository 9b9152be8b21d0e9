// The processes the bench measures, started by app.ts. BENCH_ROLE says which:
// - `both` (default): the local stack and the production app server in one process, on free ports;
// - `stack`: the local stack alone (what `npm run backend` runs);
// - `app`: the app server alone as `npm start` runs it (background work included), on PORT, against
//   SUPABASE_URL.
// Each prints one READY line with its addresses and stops on SIGTERM.
import { join } from 'node:path';
import { startStack } from '../../supabase/local/server.ts';
import { createAppServer, PROJECT_ROOT, serveBuiltApp } from '../../src/server/serve.ts';

const role = process.env['BENCH_ROLE'] ?? 'both';
const dataDir = process.env['BENCH_DATA_DIR'] ?? join(PROJECT_ROOT, '.bench/data');
const databaseUrl = process.env['BENCH_DATABASE_URL'];
const distDir = process.env['BENCH_DIST_DIR'] ?? join(PROJECT_ROOT, 'dist');

function ready(addresses: { appUrl: string; stackUrl: string; anonKey: string; serviceRoleKey: string }) {
  console.info(`READY ${JSON.stringify(addresses)}`);
}

if (role === 'app') {
  const appUrl = await serveBuiltApp(async () => undefined, distDir);
  ready({
    appUrl,
    stackUrl: process.env['SUPABASE_URL'] ?? '',
    anonKey: process.env['SUPABASE_ANON_KEY'] ?? '',
    serviceRoleKey: process.env['SUPABASE_SERVICE_ROLE_KEY'] ?? '',
  });
} else {
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
  const app =
    role === 'stack'
      ? undefined
      : await createAppServer({ host: '127.0.0.1', port: 0, distDir, supabaseUrl: stack.url });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app?.close();
    await stack.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  ready({
    appUrl: app?.url ?? '',
    stackUrl: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
  });
}
