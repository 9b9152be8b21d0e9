import { createServer, request, type ClientRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import type { RenderGateLimits } from '../../../src/server/render-gate.ts';
import { startApp } from './support/app.ts';
import { ensureBuild } from './support/build.ts';
import { rawRequest, type RawResponse } from './support/http.ts';

/**
 * A backend that holds every request until told to answer: the pages waiting on it keep their
 * render slots, as pages waiting on a slow database do under load.
 */
interface HeldBackend {
  url: string;
  held: ServerResponse[];
  release(): void;
  /** Holds requests again (a new test). */
  hold(): void;
  close(): Promise<void>;
}

async function heldBackend(): Promise<HeldBackend> {
  const held: ServerResponse[] = [];
  let open = true;
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  };
  const server: Server = createServer((_req, res) => (open ? held.push(res) : answer(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held,
    release: () => {
      open = false;
      held.splice(0).forEach(answer);
    },
    hold: () => {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let backend: HeldBackend;
let app: AppServer | undefined;
const previousUrl = process.env['SUPABASE_URL'];

beforeAll(async () => {
  ensureBuild();
  backend = await heldBackend();
  process.env['SUPABASE_URL'] = backend.url;
  process.env['SUPABASE_ANON_KEY'] ??= 'anon-key-of-a-held-backend';
});
afterEach(async () => {
  backend.release();
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await backend.close();
  if (previousUrl === undefined) delete process.env['SUPABASE_URL'];
  else process.env['SUPABASE_URL'] = previousUrl;
});

const start = async (limits: Partial<RenderGateLimits>) => {
  backend.hold();
  app = await startApp({
    supabaseUrl: backend.url,
    renderLimits: { concurrent: 1, queued: 1, waitMs: 60_000, retryAfterSeconds: 2, ...limits },
  });
  return app;
};

/** An uncached catalogue search: rendered on demand, and it asks the backend. */
let unique = 0;
const searchPath = () => `/courses?q=gate&tuition_max=${++unique}`;

/** Whether an answer is the gate's refusal (rather than the page, or the page's own error). */
const refusedByGate = (response: RawResponse) =>
  response.status === 503 && response.body.toString().includes('Busy for a moment');

/** A request left open, to be answered (or abandoned) later. */
function pending(url: string, path: string): { req: ClientRequest; answer: Promise<RawResponse> } {
  const { hostname, port } = new URL(url);
  let req!: ClientRequest;
  const answer = new Promise<RawResponse>((resolve, reject) => {
    req = request({ hostname, port, path, agent: false, headers: { accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
  return { req, answer };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
};

describe('the render gate', () => {
  it('refuses at once with 503 and Retry-After when the slots and the queue are full, while prebuilt pages still answer', async () => {
    const server = await start({});
    const rendering = pending(server.url, searchPath());
    await until(() => backend.held.length > 0);
    const waiting = pending(server.url, searchPath());
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    const refused = await rawRequest(server.url, searchPath(), { headers: { accept: 'text/html' } });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusedByGate(refused)).toBe(true);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.headers['cache-control']).toBe('no-store');

    const api = await rawRequest(server.url, `/api/catalogue/courses?q=gate&v=${++unique}`, {
      headers: { accept: 'application/json' },
    });
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body.toString())).toMatchObject({ ok: false, status: 503 });

    expect((await rawRequest(server.url, '/about/')).status).toBe(200);

    backend.release();
    const [first, second] = await Promise.all([rendering.answer, waiting.answer]);
    expect(refusedByGate(first)).toBe(false);
    expect(refusedByGate(second)).toBe(false);
  });

  it('drops a waiting request whose client has gone, so the next visitor takes its place', async () => {
    const server = await start({});
    const rendering = pending(server.url, searchPath());
    await until(() => backend.held.length > 0);
    const abandoned = pending(server.url, searchPath());
    abandoned.answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    abandoned.req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Had the abandoned request kept its place, the queue would be full and this would be refused.
    const next = pending(server.url, searchPath());
    await new Promise((resolve) => setTimeout(resolve, 200));
    backend.release();
    expect(refusedByGate(await next.answer)).toBe(false);
    expect(refusedByGate(await rendering.answer)).toBe(false);
  });

  it('refuses a request that waited longer than the queue allows', async () => {
    const server = await start({ waitMs: 300 });
    const rendering = pending(server.url, searchPath());
    await until(() => backend.held.length > 0);
    const started = performance.now();
    const waited = await rawRequest(server.url, searchPath(), { headers: { accept: 'text/html' } });
    expect(refusedByGate(waited)).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    backend.release();
    expect(refusedByGate(await rendering.answer)).toBe(false);
  });

  it('answers the health check even when every render slot is taken', async () => {
    const server = await start({ queued: 0 });
    const rendering = pending(server.url, searchPath());
    await until(() => backend.held.length > 0);
    const health = pending(server.url, '/healthz');
    await until(() => backend.held.length > 1);
    // It reached the backend (the second held request) instead of being refused by the gate.
    backend.release();
    const answered = await health.answer;
    expect(answered.headers['retry-after']).toBeUndefined();
    expect(answered.headers['content-type']).toContain('application/json');
    expect(answered.body.toString()).not.toContain('busy for a moment');
    expect(answered.body.toString()).toMatch(/"ok"/);
    await rendering.answer;
  });
});

describe('a render that fails half-way', () => {
  it('ends in the error page with status 500 instead of leaving the request open', async () => {
    const server = await start({});
    // Every backend call answers an empty list, which the search filters cannot render: the page's
    // React island throws while Astro is already streaming it.
    backend.release();
    const started = performance.now();
    const answer = await rawRequest(server.url, searchPath(), { headers: { accept: 'text/html' } });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(answer.status).toBe(500);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.toString()).toContain('Something went wrong');
    // Compressed, as browsers ask: the request that used to be left open for good.
    const compressed = await rawRequest(server.url, searchPath(), {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.status).toBe(500);
    expect(brotliDecompressSync(compressed.body).toString()).toContain('Something went wrong');
    // The slot it held is free again: the next request is rendered, not refused.
    expect(refusedByGate(await rawRequest(server.url, searchPath()))).toBe(false);
  });
});
