import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheKey } from '../../../src/features/catalogue/page-cache/catalogue-cache-middleware.ts';
import { createRenderedCache } from '../../../src/features/catalogue/page-cache/rendered-cache.ts';
import type { AppServer } from '../../../src/server/serve.ts';
import { startApp } from './support/app.ts';
import { ensureBuild } from './support/build.ts';
import { rawRequest } from './support/http.ts';
import { ASTRO_PAGE_POLICY, PAGE_CHUNKS } from './support/stub-app.ts';

const CHECK_MS = 1000;
let now = 0;
let version = 'v1';
let renders = 0;
/** Requests that reached the app at all. */
let appCalls = 0;
const cache = createRenderedCache({ checkEveryMs: CHECK_MS, now: () => now });

const pageFor = (currency: string, render: number) =>
  PAGE_CHUNKS.join('').replace('<h1>Courses</h1>', `<h1>Courses in ${currency}, render ${render}</h1>`);

function currencyCookie(req: IncomingMessage): string | undefined {
  return /(?:^|;\s*)unipath_currency=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
}

async function writeResponse(res: ServerResponse, response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  res.writeHead(response.status, [...headers.flat(), 'set-cookie', 'csrf=for-this-visitor-only']);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Renders like the app: signed-in visitors get their own page, everyone else goes through the cache. */
async function stubApp(req: IncomingMessage, res: ServerResponse) {
  appCalls += 1;
  const url = new URL(`http://localhost${req.url ?? '/'}`);
  const key = cacheKey(url, req.headers['accept-language'] ?? null, currencyCookie(req));
  const currency = key.split('|')[1] ?? '';
  const render = async () =>
    new Response(pageFor(currency, ++renders), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, must-revalidate',
        'content-security-policy': ASTRO_PAGE_POLICY,
      },
    });
  const signedIn = /sb-[^=]*-auth-token/.test(req.headers.cookie ?? '');
  if (signedIn || req.method !== 'GET') {
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store' });
    res.end('<!DOCTYPE html><p>Your own catalogue page</p>');
    return;
  }
  await writeResponse(res, await cache.respond(key, async () => version, render));
}

let app: AppServer;
beforeAll(async () => {
  ensureBuild();
  app = await startApp({ handler: (req, res) => stubApp(req, res), catalogueCache: cache });
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(app.url, path, { headers, method });

/** Renders a page through the app once, then waits until its compressed copies are stored. */
async function warm(path: string, headers: Record<string, string> = {}) {
  const first = await get(path, headers);
  expect(first.headers['x-catalogue-cache']).toBe('miss');
  const key = cacheKey(new URL(`http://localhost${path}`), headers['accept-language'] ?? null, undefined);
  await vi.waitFor(() => expect(cache.peek(key)?.variants).toBeDefined());
  return first;
}

describe('stored catalogue pages answered by the server', () => {
  it('are sent in every coding the client accepts, each decoding to the rendered page', async () => {
    const miss = await warm('/universities');
    const calls = appCalls;
    const br = await get('/universities', { 'accept-encoding': 'gzip, br' });
    const gzip = await get('/universities', { 'accept-encoding': 'gzip' });
    const identity = await get('/universities');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(pageFor('GBP', 1));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(pageFor('GBP', 1));
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(miss.body);
    for (const hit of [br, gzip, identity]) {
      expect(hit.headers['x-catalogue-cache']).toBe('hit');
      expect(hit.headers['vary']).toMatch(/Accept-Encoding/);
      expect(Number(hit.headers['content-length'])).toBe(hit.body.byteLength);
    }
    expect(appCalls).toBe(calls);
  });

  it('carry the headers a rendered page gets: security headers, the same policy, no cookie', async () => {
    const miss = await get('/courses', { 'accept-encoding': 'br' });
    const key = cacheKey(new URL('http://localhost/courses'), null, undefined);
    await vi.waitFor(() => expect(cache.peek(key)?.variants).toBeDefined());
    const hit = await get('/courses', { 'accept-encoding': 'br' });
    expect(hit.headers['x-catalogue-cache']).toBe('hit');
    expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
    expect(hit.headers['content-security-policy']).toContain("'sha256-AAAA");
    expect(hit.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const name of ['x-frame-options', 'x-content-type-options', 'referrer-policy', 'cache-control']) {
      expect(hit.headers[name]).toBe(miss.headers[name]);
    }
    expect(miss.headers['set-cookie']).toBeDefined();
    expect(hit.headers['set-cookie']).toBeUndefined();
  });

  it('answer revalidation with 304 and HEAD with headers only', async () => {
    const hit = await get('/universities', { 'accept-encoding': 'gzip' });
    const etag = String(hit.headers['etag']);
    const again = await get('/universities', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const head = await get('/universities', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-length']).toBe(hit.headers['content-length']);
    expect(head.body.byteLength).toBe(0);
  });

  it('are never sent to a signed-in visitor', async () => {
    const calls = appCalls;
    const response = await get('/universities', { cookie: 'sb-127-auth-token=eyJhbGciOiJIUzI1NiJ9' });
    expect(appCalls).toBe(calls + 1);
    expect(response.headers['x-catalogue-cache']).toBeUndefined();
    expect(response.body.toString()).toContain('Your own catalogue page');
  });

  it('follow the display currency of the cookie and of the language', async () => {
    await warm('/universities', { 'accept-language': 'en-US,en;q=0.8' });
    const chosen = await get('/universities', { cookie: 'unipath_currency=USD' });
    expect(chosen.headers['x-catalogue-cache']).toBe('hit');
    expect(chosen.body.toString()).toContain('Courses in USD');
    const overridden = await get('/universities', {
      cookie: 'unipath_currency=GBP',
      'accept-language': 'en-US',
    });
    expect(overridden.body.toString()).toContain('Courses in GBP');
  });

  it('are rendered again once the catalogue changes', async () => {
    version = 'v2';
    expect((await get('/universities')).headers['x-catalogue-cache']).toBe('hit');
    now += CHECK_MS;
    const calls = appCalls;
    const fresh = await get('/universities');
    expect(fresh.headers['x-catalogue-cache']).toBe('miss');
    expect(appCalls).toBe(calls + 1);
    const rendered = renders;
    expect(fresh.body.toString()).toBe(pageFor('GBP', rendered));
    const hit = await get('/universities');
    expect(hit.headers['x-catalogue-cache']).toBe('hit');
    expect(hit.body.toString()).toBe(pageFor('GBP', rendered));
    expect(appCalls).toBe(calls + 1);
  });
});
