import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBackgroundWork } from '../lib/jobs/background.server.ts';
import { loadAstroHandler, type NodeMiddleware } from './astro-handler.ts';
import { catalogueCache } from '../features/catalogue/page-cache/catalogue-cache-middleware.ts';
import type { RenderedCache } from '../features/catalogue/page-cache/rendered-cache.ts';
import { createCachedPageResponder } from './cached-page.ts';
import { createRequestListener } from './request-listener.ts';
import { createSecurityHeaders } from './security-headers.ts';
import { createStaticFiles } from './static-files.ts';
import { announceSetupToken } from './setup-token.ts';

export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321';
const SHUTDOWN_GRACE_MS = 10_000;

export interface AppServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The build output folder holding client/ and server/. */
  distDir: string;
  supabaseUrl?: string;
  trustProxy?: boolean;
  /** Replaces the build's Astro handler (dist/server/entry.mjs). */
  handler?: NodeMiddleware;
  /** The app's rendered catalogue pages, answered from directly (the app's shared cache by default). */
  catalogueCache?: RenderedCache;
}

export interface AppServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

function clientDirectory(distDir: string): string {
  const client = join(distDir, 'client');
  if (!existsSync(client)) throw new Error(`No build output in ${client}: run \`npm run build\` first.`);
  return realpathSync(client);
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(server.address() as AddressInfo);
    });
  });
}

function closer(server: Server): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise((resolveClose) => {
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      server.close(() => {
        clearTimeout(force);
        resolveClose();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}

/** Starts the production server: build files, then Astro's on-demand pages, all with security headers. */
export async function createAppServer(options: AppServerOptions): Promise<AppServer> {
  const distDir = resolve(options.distDir);
  const security = createSecurityHeaders({
    supabaseUrl: options.supabaseUrl ?? process.env['SUPABASE_URL'] ?? DEFAULT_SUPABASE_URL,
    trustProxy: options.trustProxy ?? process.env['TRUST_PROXY'] === '1',
  });
  const files = createStaticFiles(clientDirectory(distDir), security);
  const handler = options.handler ?? (await loadAstroHandler(distDir));
  const samplePage = (await files.lookupFile('404.html')) ?? (await files.lookupFile('index.html'));
  const pageCsp = samplePage?.csp ?? security.baseCsp;
  const defaultPageCsp = () => pageCsp;
  const cachedPages = createCachedPageResponder({
    cache: options.catalogueCache ?? catalogueCache,
    security,
    defaultPageCsp,
  });
  const server = createServer(
    createRequestListener({ files, security, handler, defaultPageCsp, cachedPages }),
  );
  const address = await listen(server, options.host, options.port);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, url: `http://${shownHost}:${address.port}/`, close: closer(server) };
}

/** Stops on SIGTERM/SIGINT after in-flight requests finish (or the grace period ends). */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = (signal: NodeJS.Signals) => {
    console.info(`Received ${signal}, shutting down.`);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function invokedDirectly(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

/**
 * Serves the built app on HOST:PORT (with the setup token announced and the background work
 * started) until a signal closes it, then runs `after`. Returns the app's address.
 */
export async function serveBuiltApp(after: () => Promise<void> = async () => undefined): Promise<string> {
  announceSetupToken();
  const app = await createAppServer({
    host: process.env['HOST'] ?? '127.0.0.1',
    port: Number(process.env['PORT'] ?? 4321),
    distDir: join(PROJECT_ROOT, 'dist'),
  });
  const stopSweeps = await startBackgroundWork(process.env, { appUrl: app.url });
  closeOnSignals(async () => {
    stopSweeps();
    await app.close();
    await after();
  });
  return app.url;
}

if (invokedDirectly()) console.info(`Unipath is serving ${await serveBuiltApp()}`);
