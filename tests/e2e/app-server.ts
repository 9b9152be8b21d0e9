/**
 * The app half of the e2e web server, in a process of its own as `npm start` runs it: the built app
 * pointed at the stack that tests/e2e/server.ts started (its address and keys come in the
 * environment), with the setup token announced and the background work running. Stops on SIGTERM.
 */
import { join } from 'node:path';
import { closeOnSignals, createAppServer, PROJECT_ROOT } from '../../src/server/serve.ts';
import { announceSetupToken } from '../../src/server/setup-token.ts';
import { startBackgroundWork } from '../../src/lib/jobs/background.server.ts';

await announceSetupToken();
const app = await createAppServer({
  host: process.env['HOST'] ?? '127.0.0.1',
  port: Number(process.env['PORT'] ?? 4399),
  distDir: process.env['E2E_DIST_DIR'] ?? join(PROJECT_ROOT, 'dist'),
  ...(process.env['SUPABASE_URL'] ? { supabaseUrl: process.env['SUPABASE_URL'] } : {}),
});
const stopBackground = await startBackgroundWork(process.env, { appUrl: app.url });
closeOnSignals(async () => {
  stopBackground();
  await app.close();
});
console.info(`e2e: app ${app.url}, stack ${process.env['SUPABASE_URL'] ?? ''}`);
