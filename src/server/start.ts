/**
 * What `npm start` runs once the build is done: the services the app depends on, then the app
 * server, each announced with its URL; SIGTERM/SIGINT stop them in reverse order.
 */
import { join } from 'node:path';
import { closeOnSignals, createAppServer, PROJECT_ROOT } from './serve.ts';

/** A process-local service started before the app, e.g. the local Supabase-compatible stack. */
export interface BackingService {
  name: string;
  /** Resolves once the service accepts requests; its environment (e.g. SUPABASE_URL) is set by then. */
  start(): Promise<{ url: string; stop(): Promise<void> }>;
}

/**
 * The services `npm start` brings up before the app. The local backend (supabase/) registers here;
 * the app reads SUPABASE_URL when it starts, so a service must set it before resolving.
 */
export function backingServices(): BackingService[] {
  return [];
}

async function main(): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  for (const service of backingServices()) {
    const { url, stop } = await service.start();
    stops.unshift(stop);
    console.info(`${service.name}: ${url}`);
  }
  const app = await createAppServer({
    host: process.env['HOST'] ?? '127.0.0.1',
    port: Number(process.env['PORT'] ?? 4321),
    distDir: join(PROJECT_ROOT, 'dist'),
  });
  closeOnSignals(async () => {
    await app.close();
    for (const stop of stops) await stop();
  });
  console.info(`Unipath is running at ${app.url}`);
}

await main();
