import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants } from 'node:zlib';
import compression from 'compression';
import Negotiator from 'negotiator';
import sirv from 'sirv';
import { storedPageKey } from '../features/catalogue/page-cache/catalogue-cache-key.ts';
import { createCatalogueCache, type RenderedCache } from '../features/catalogue/page-cache/rendered-cache.ts';
import { startBackgroundWork } from '../lib/jobs/background.server.ts';
import { DEFAULT_SUPABASE_URL } from '../lib/supabase/service-env.ts';
import { basePolicy, FIXED_SECURITY_HEADERS, HSTS } from '../lib/security/response-headers.ts';
import {
  answerRefusal,
  busyRefusal,
  plainPage,
  REFUSAL_PAGES,
  refusalOf,
  type RefusalReason,
} from './request-refusals.ts';
import { collectWrites } from './collected-writes.ts';
import { createRenderGate, renderLimitsFrom, type RenderGateLimits } from './render-gate.ts';
import { clientAddressOf } from './client-address.ts';
import { announceSetupToken } from './setup-token.ts';

const SHUTDOWN_GRACE_MS = 10_000;

export interface AppServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The build output folder holding client/ and server/. */
  distDir: string;
  supabaseUrl?: string;
  /** Believe X-Forwarded-Proto and -Host from the reverse proxy in front (TRUST_PROXY=1). */
  trustProxy?: boolean;
  /** How long stored catalogue pages are sent without asking for the catalogue's version (CATALOGUE_CACHE_CHECK_MS). */
  catalogueCheckEveryMs?: number;
  /** How many pages render at once and how many wait (RENDER_CONCURRENCY, RENDER_QUEUE, RENDER_QUEUE_WAIT_MS). */
  renderLimits?: RenderGateLimits;
}

export interface AppServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

type Next = () => void;
type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type PageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: Partial<App.Locals>,
) => unknown;

/** Hashed build output changes name with its content; pages revalidate (cheaply, by ETag). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Unhashed public files (favicon, robots.txt, feeds, sitemaps, images): a short shared lifetime. */
const SHORT_LIVED = 'public, max-age=3600';

/**
 * Brotli for pages compressed as they are sent: quality 1 with a 256 KiB window, as large as a page
 * gets (the default 4 MiB window held about 5 MiB per response in flight). An uncached 136 KB
 * /courses page takes 0.2 ms to compress at quality 1 against 1.05 ms at 4, for 21.5 KB instead of
 * 18.7; a page asked for again is stored by the catalogue cache with brotli 5 and gzip 9 copies.
 */
const ON_THE_FLY_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 };

function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return IMMUTABLE;
  return /\.(?!html$)[a-z0-9]+$/i.test(pathname) ? SHORT_LIVED : REVALIDATE;
}

/**
 * The prebuilt files (pages and assets, with the brotli and gzip copies the build wrote), sent as
 * they are; anything else goes on to `next`.
 */
function buildFiles(distDir: string): NodeHandler {
  const client = join(distDir, 'client');
  if (!existsSync(client)) throw new Error(`No build output in ${client}: run \`npm run build\` first.`);
  return sirv(realpathSync(client), {
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControlFor(pathname)),
  });
}

/**
 * Whether a request may be a prebuilt file: reads only, and never a file's own name for a page, a
 * stored copy or a source map (`/about/index.html`, `/404.html`, `/x.js.br`, `/x.js.map`), which
 * get the 404 page instead.
 */
function mayBeFile(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split(/[?#]/, 1)[0] ?? '';
  return !/\.(html|br|gz|map)$/i.test(path);
}

/**
 * sirv looks for "br" and "gzip" anywhere in Accept-Encoding; leaving only the codings the browser
 * accepts (q > 0) keeps a refused coding from being sent.
 */
function keepAcceptedCodings(req: IncomingMessage): void {
  if (req.headers['accept-encoding'] === undefined) return;
  req.headers['accept-encoding'] = new Negotiator(req).encodings(['br', 'gzip']).join(', ');
}

/**
 * The build's on-demand renderer (@astrojs/node in middleware mode). Called without `next`, it
 * answers every request itself: a route's page, or the site's 404 page.
 */
async function loadOnDemandPages(distDir: string): Promise<PageHandler> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`No build output in ${distDir}: run \`npm run build\` first.`);
  // A build is served as production whatever the environment says: React and the libraries the
  // pages load pick their production code by NODE_ENV when they are first imported, just below.
  // Left unset, React's development build rendered every page (twice the CPU per page).
  process.env['NODE_ENV'] = 'production';
  const module = (await import(pathToFileURL(realpathSync(entry)).href)) as { handler?: unknown };
  if (typeof module.handler !== 'function') throw new Error(`${entry} exports no request handler`);
  return module.handler as PageHandler;
}

/** The prebuilt page of each refused-request reason, read once (src/pages/refused/[reason].astro). */
function refusalPages(distDir: string): Map<RefusalReason, string> {
  const pages = new Map<RefusalReason, string>();
  for (const reason of Object.keys(REFUSAL_PAGES) as RefusalReason[]) {
    const file = join(distDir, 'client', 'refused', reason, 'index.html');
    if (existsSync(file)) pages.set(reason, readFileSync(file, 'utf8'));
  }
  return pages;
}

/** The prebuilt page of a failed render (src/pages/500.astro), read once. */
function errorPage(distDir: string): string {
  const file = join(distDir, 'client', '500.html');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
    : plainPage('Something went wrong', 'This page could not be shown. Try again in a moment.');
}

const isHealthCheck = (req: IncomingMessage) => /^\/healthz\/?(?:[?#]|$)/.test(req.url ?? '');

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? null);

/**
 * Sends a catalogue page Astro rendered a moment ago (the catalogue unchanged since) without
 * running Astro; false when the request must be rendered.
 */
function answerFromCache(req: IncomingMessage, res: ServerResponse, cache: RenderedCache): boolean {
  const key = storedPageKey({
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', 'http://stored.invalid'),
    cookieHeader: header(req.headers.cookie),
    acceptLanguage: header(req.headers['accept-language']),
  });
  const stored =
    key === undefined
      ? undefined
      : cache.peek(key, {
          ifNoneMatch: header(req.headers['if-none-match']),
          acceptEncoding: header(req.headers['accept-encoding']),
        });
  if (!stored) return false;
  res.writeHead(stored.status, Object.fromEntries(stored.headers));
  res.end(stored.body);
  return true;
}

function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as Socket & { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first?.toLowerCase() === 'https';
}

const FORWARDED = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'] as const;

/**
 * Astro reads the protocol and host a trusted proxy forwarded (security.allowedDomains in
 * astro.config.mjs validates them), so the app sees https behind it: Secure cookies, same-origin
 * form posts. Only the proxy may say so: without TRUST_PROXY a client's own headers are dropped.
 */
function dropUntrustedForwarding(req: IncomingMessage): void {
  for (const name of FORWARDED) delete req.headers[name];
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

/**
 * The production server: prebuilt files, then Astro's on-demand pages (compressed on the fly),
 * every answer with the security headers. On-demand pages complete theirs in Astro middleware
 * (src/lib/security/headers-middleware.ts).
 */
export async function createAppServer(options: AppServerOptions): Promise<AppServer> {
  const distDir = resolve(options.distDir);
  const files = buildFiles(distDir);
  const pages = await loadOnDemandPages(distDir);
  const catalogueCache = createCatalogueCache(options.catalogueCheckEveryMs);
  const refused = refusalPages(distDir);
  const failed = errorPage(distDir);
  const trustProxy = options.trustProxy ?? process.env['TRUST_PROXY'] === '1';
  const policy = basePolicy(options.supabaseUrl ?? process.env['SUPABASE_URL'] ?? DEFAULT_SUPABASE_URL);
  // compression's types describe Express's request and response, which extend Node's.
  const compress = compression({ brotli: { params: ON_THE_FLY_BROTLI } }) as unknown as NodeHandler;
  const limits = options.renderLimits ?? renderLimitsFrom(process.env);
  const gate = createRenderGate(limits);
  const busy = busyRefusal(limits.retryAfterSeconds);
  const server = createServer((req, res) => {
    res.setHeader('Content-Security-Policy', policy);
    for (const [name, value] of FIXED_SECURITY_HEADERS) res.setHeader(name, value);
    if (!trustProxy) dropUntrustedForwarding(req);
    if (isHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
    const refusal = refusalOf(req);
    if (refusal) return answerRefusal(req, res, refusal, refused);
    const locals = { catalogueCache, clientIp: clientAddressOf(req, trustProxy) };
    const renderNow = () =>
      compress(req, res, () => {
        collectWrites(res, failed);
        void pages(req, res, undefined, locals);
      });
    // The health check answers even when every render slot is taken: a busy server is not a dead one.
    const render = () =>
      isHealthCheck(req)
        ? renderNow()
        : gate.admit(res, renderNow, () => answerRefusal(req, res, busy, refused));
    if (!mayBeFile(req)) return render();
    keepAcceptedCodings(req);
    files(req, res, () => answerFromCache(req, res, catalogueCache) || render());
  });
  // A client that waits for "100 Continue" before sending its body hears at once if it is refused.
  server.on('checkContinue', (req, res) => {
    if (refusalOf(req) === undefined) res.writeContinue();
    server.emit('request', req, res);
  });
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
 * Serves the built app (dist/, or another build folder) on HOST:PORT, with the setup token announced
 * and the background work started, until a signal closes it, then runs `after`. Returns the app's address.
 */
export async function serveBuiltApp(
  after: () => Promise<void> = async () => undefined,
  distDir = join(PROJECT_ROOT, 'dist'),
): Promise<string> {
  await announceSetupToken();
  const app = await createAppServer({
    host: process.env['HOST'] ?? '127.0.0.1',
    port: Number(process.env['PORT'] ?? 4321),
    distDir,
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
