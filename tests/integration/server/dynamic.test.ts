import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import { startApp } from './support/app.ts';
import { DIST, ensureBuild } from './support/build.ts';
import { directives } from './support/html.ts';
import { rawRequest } from './support/http.ts';
import { ASTRO_PAGE_POLICY, createGate, createStubApp, ITEMS, PAGE_CHUNKS } from './support/stub-app.ts';

const gate = { current: createGate() };
let app: AppServer;
let notFoundPage: Buffer;
const page = PAGE_CHUNKS.join('');
const json = JSON.stringify(ITEMS);

beforeAll(async () => {
  ensureBuild();
  app = await startApp({ handler: createStubApp(gate) });
  notFoundPage = readFileSync(join(DIST, 'client', '404.html'));
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(app.url, path, { headers });

describe('server-rendered pages', () => {
  it('are compressed on the fly with the best coding the client accepts', async () => {
    const br = await get('/ssr/courses', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await get('/ssr/courses', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const identity = await get('/ssr/courses');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(page);
    for (const response of [br, gzip, identity]) expect(response.headers['vary']).toBe('Accept-Encoding');
  });

  it('keep their own script and style hashes inside the full server policy', async () => {
    const response = await get('/ssr/courses');
    const policy = directives(response.headers['content-security-policy']);
    const astro = directives(ASTRO_PAGE_POLICY);
    expect(policy.get('script-src')).toEqual(astro.get('script-src'));
    expect(policy.get('style-src')).toEqual(astro.get('style-src'));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('reach the browser progressively: the first part arrives while the rest is still rendering', async () => {
    gate.current = createGate();
    const { hostname, port } = new URL(app.url);
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        { hostname, port, path: '/ssr/held', headers: { 'accept-encoding': 'br' } },
        (res) => {
          expect(res.headers['content-encoding']).toBe('br');
          let decoded = '';
          const decoder = res.pipe(createBrotliDecompress());
          decoder.on('data', (chunk: Buffer) => {
            decoded += chunk.toString();
            if (decoded.includes('<h1>Courses</h1>')) gate.current.open();
          });
          decoder.on('end', () => resolve(decoded));
          decoder.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(text).toBe(page);
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const head = await rawRequest(app.url, '/ssr/courses', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('API responses', () => {
  it('compress JSON and weaken its ETag, since the bytes now differ', async () => {
    const br = await get('/api/items', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(ITEMS);
    expect(br.headers['etag']).toBe('W/"items-v1"');
    const identity = await get('/api/items');
    expect(identity.body.toString()).toBe(json);
    expect(identity.headers['etag']).toBe('"items-v1"');
  });

  it('leave tiny, already encoded and binary bodies alone', async () => {
    const small = await get('/api/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
    const encoded = await get('/api/encoded', { 'accept-encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect([...encoded.body]).toEqual([1, 2, 3]);
    const png = await get('/api/png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });
});

describe('failures', () => {
  it.each(['/boom/sync', '/boom/async', '/boom/next', '/boom/astro'])(
    '%s answers a 500 page with security headers and no error details',
    async (path) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const response = await get(path, { 'accept-encoding': 'identity' });
        expect(response.status).toBe(500);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
          "'none'",
        ]);
        const body = response.body.toString();
        expect(body).toMatch(/<h1[^>]*>/);
        expect(body).not.toMatch(/hunter2|Internal Server Error|\bat .+:\d+:\d+/);
      } finally {
        logged.mockRestore();
      }
    },
  );

  it('logs thrown errors on the server side', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await get('/boom/sync');
      expect(logged.mock.calls.flat().some((value) => String(value).includes('hunter2'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });

  it('swaps a bodiless 404 from the app for the site’s not-found page', async () => {
    const response = await get('/gone', { 'accept-encoding': 'identity' });
    expect(response.status).toBe(404);
    expect(response.body.equals(notFoundPage)).toBe(true);
  });

  it('answers paths no route matches with 404 and the not-found page', async () => {
    const response = await get('/courses/unknown/deeper', { 'accept-encoding': 'identity' });
    expect(response.status).toBe(404);
    expect(response.body.equals(notFoundPage)).toBe(true);
  });

  it('survives clients that hang up in the middle of a streamed response', async () => {
    const { hostname, port } = new URL(app.url);
    for (const encoding of ['br', 'gzip', 'identity']) {
      await new Promise<void>((resolve, reject) => {
        const req = request({
          hostname,
          port,
          path: '/ssr/endless',
          headers: { 'accept-encoding': encoding },
        });
        req.on('response', (res) => res.once('data', () => req.destroy()));
        req.on('close', resolve);
        req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
        req.end();
      });
    }
    expect((await get('/api/items')).status).toBe(200);
  });
});
