import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthService } from './auth/index.ts';
import { readConfig, type RawConfig } from './config.ts';
import type { Service, StackContext } from './context.ts';
import { openDatabase, openPreparedMemoryDatabase, type DatabaseTarget } from './db/open.ts';
import type { Database } from './db/types.ts';
import { applyCors } from './http/cors.ts';
import { identifyCaller } from './http/gateway.ts';
import { sendJson } from './http/respond.ts';
import { createKeys } from './keys.ts';
import { createMailService } from './mail/index.ts';
import { mailboxConfig, startSmtpListener, type SmtpListener } from './mail/smtp.ts';
import { createRestService } from './rest/index.ts';
import { createStorageService } from './storage/index.ts';

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * The mailbox's SMTP port instead of [inbucket] smtp_port; 0 picks a free port, as it does by
   * default when `port` is 0.
   */
  smtpPort?: number;
  /** `memory` for tests (a prepared in-memory database), a data folder, or a Postgres URL. */
  database?: DatabaseTarget | { kind: 'prepared-memory' };
  /** supabase/config.toml, already parsed; read from the project when omitted. */
  config?: RawConfig;
  /** Where storage objects and the signing key live when the database is in memory or on a server. */
  dataDir?: string;
  /** The Supabase CLI's published demo keys instead of this install's own (tests that ask for them). */
  wellKnownKeys?: boolean;
  quiet?: boolean;
  /** Milliseconds since the epoch, for the REST schema cache's re-check; tests pass one they advance. */
  clock?: () => number;
}

export interface RunningStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  mailboxUrl: string;
  /** The mailbox's SMTP listener (smtp://127.0.0.1:<port>), or null when [inbucket] is disabled. */
  smtpUrl: string | null;
  db: Database;
  /**
   * Signs an access token with the stack's session key, for tests that need a signed-in caller
   * without going through sign-in; `iat`, `exp` (one hour) and `aud` default when not given.
   * `legacy` signs with the HS256 JWT secret instead of the session key.
   */
  signToken(claims: Record<string, unknown>, options?: { legacy?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

async function openTarget(target: NonNullable<StackOptions['database']>): Promise<Database> {
  if (target.kind === 'prepared-memory') return openPreparedMemoryDatabase();
  return (await openDatabase(target)).db;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function route(services: Record<string, Service>, ctx: StackContext) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', ctx.apiUrl);
    const api = /^\/(auth|rest|storage)\/v1(\/.*)?$/.exec(url.pathname);
    // The APIs answer any origin, as Supabase's gateway does. The mailbox holds sign-in links and
    // codes: it is a page of this origin only, so another site's script can never read it.
    if (api && applyCors(req, res)) return;
    const match = api ?? /^\/(mailbox)(\/.*)?$/.exec(url.pathname);
    const service = match ? services[match[1] ?? ''] : undefined;
    if (!match || !service) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const caller = identifyCaller(req, url, ctx.keys);
    await service.handle({ req, res, url, path: match[2] ?? '/', caller });
  };
}

/** Answers a failure no service caught with a bare 500, its detail only in the log. */
function guarded(handle: ReturnType<typeof route>, log: (message: string) => void): Handler {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`stack: unhandled error on ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  };
}

/** Starts the whole local stack (auth, REST, storage, mailbox) on one port. */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  const config = options.config ?? readConfig(join(projectDir, 'supabase/config.toml'));
  const target = options.database ?? { kind: 'pglite', dataDir: join(projectDir, '.data/db') };
  const db = await openTarget(target);
  const ownTemp = options.dataDir
    ? null
    : target.kind === 'pglite'
      ? null
      : mkdtempSync(join(tmpdir(), 'unipath-stack-'));
  const dataDir = options.dataDir ?? (target.kind === 'pglite' ? dirname(target.dataDir) : (ownTemp ?? ''));
  mkdirSync(join(dataDir, 'storage'), { recursive: true });
  const keys = await createKeys({
    wellKnown: options.wellKnownKeys ?? false,
    ...(ownTemp ? {} : { file: join(dataDir, 'keys.json') }),
  });
  const log = options.quiet ? () => undefined : (message: string) => console.info(message);
  // The handler is attached before the port opens and holds each request until start-up is done,
  // so a request that arrives the moment the port opens gets a full answer, never a hang.
  let started!: (handle: Handler | null) => void;
  const ready = new Promise<Handler | null>((done) => (started = done));
  const server: Server = createServer((req, res) => {
    void ready.then((handle) => (handle ? handle(req, res) : res.destroy()));
  });
  const listen = (port: number) =>
    new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        done();
      });
    });
  // A fixed port is known before listening, so start-up completes first; port 0 must be opened to
  // learn the address the services put in their links, and its early requests wait on `ready`.
  const requested = options.port ?? 54321;
  if (requested === 0) await listen(0);
  const port = requested === 0 ? (server.address() as AddressInfo).port : requested;
  const apiUrl = `http://${host}:${port}`;
  let smtp: SmtpListener | null = null;
  let services: Record<string, Service> = {};
  try {
    const { service: mail, mailbox } = await createMailService({ db, apiUrl, log });
    const inbucket = mailboxConfig(config);
    smtp = inbucket.enabled
      ? await startSmtpListener({
          mailbox,
          port: options.smtpPort ?? (options.port === 0 ? 0 : inbucket.smtpPort),
          log,
        })
      : null;
    const ctx: StackContext = {
      db,
      keys,
      config,
      apiUrl,
      dataDir: ownTemp ? null : dataDir,
      storageDir: join(dataDir, 'storage'),
      mailbox,
      log,
      clock: options.clock ?? Date.now,
    };
    services = {
      auth: await createAuthService(ctx),
      rest: createRestService(ctx),
      storage: await createStorageService(ctx),
      mailbox: mail,
    };
    started(guarded(route(services, ctx), log));
    if (requested !== 0) await listen(requested);
  } catch (error) {
    started(null);
    if (server.listening) await new Promise((done) => server.close(done));
    await smtp?.close();
    for (const service of Object.values(services)) await service.close?.();
    await db.close();
    throw error;
  }

  return {
    url: apiUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    mailboxUrl: `${apiUrl}/mailbox`,
    smtpUrl: smtp?.url ?? null,
    db,
    signToken(claims, { legacy = false } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const full = { aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 3600, ...claims };
      return legacy ? keys.signLegacy(full) : keys.sign(full);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await smtp?.close();
      for (const service of Object.values(services)) await service.close?.();
      await db.close();
      if (ownTemp) rmSync(ownTemp, { recursive: true, force: true });
    },
  };
}
