import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import { startApp } from './support/app.ts';
import { DIST, ensureBuild } from './support/build.ts';
import { findAsset } from './support/html.ts';
import { rawRequest } from './support/http.ts';

const CLIENT = join(DIST, 'client');
let app: AppServer;
let homeHtml: string;

beforeAll(async () => {
  ensureBuild();
  app = await startApp();
  homeHtml = readFileSync(join(CLIENT, 'index.html'), 'utf8');
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(app.url, path, { headers });

/** A page directory of the build other than the home page, e.g. `blog`. */
function somePageDirectory(): string {
  const directory = readdirSync(CLIENT, { withFileTypes: true }).find(
    (entry) =>
      entry.isDirectory() &&
      !entry.name.startsWith('_') &&
      existsSync(join(CLIENT, entry.name, 'index.html')),
  );
  if (!directory) throw new Error('the build has no page besides the home page');
  return directory.name;
}

describe.each([
  { label: 'the home page', path: () => '/', file: () => 'index.html', type: 'text/html' },
  {
    label: 'a hashed script',
    path: () => findAsset(homeHtml, 'js'),
    file: () => findAsset(homeHtml, 'js'),
    type: 'text/javascript',
  },
  {
    label: 'a hashed stylesheet',
    path: () => findAsset(homeHtml, 'css'),
    file: () => findAsset(homeHtml, 'css'),
    type: 'text/css',
  },
])('$label', ({ path, file, type }) => {
  it('is sent with its exact bytes and media type when the client accepts no encoding', async () => {
    const response = await get(path());
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(new RegExp(`^${type}\\b`));
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.body.equals(readFileSync(join(CLIENT, file())))).toBe(true);
  });

  it('is brotli-encoded when br is accepted and gzip-encoded when only gzip is', async () => {
    const original = readFileSync(join(CLIENT, file()));
    const br = await get(path(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gzip = await get(path(), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
  });

  it('honours q-values: a refused br falls back to gzip, identity-only gets identity', async () => {
    expect((await get(path(), { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe(
      'gzip',
    );
    expect(
      (await get(path(), { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('answers a repeated request carrying its ETag with 304 and no body', async () => {
    const first = await get(path(), { 'accept-encoding': 'br' });
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(path(), { 'accept-encoding': 'br', 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the same headers as GET and no body', async () => {
    const full = await get(path(), { 'accept-encoding': 'gzip' });
    const head = await rawRequest(app.url, path(), {
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of [
      'content-type',
      'content-length',
      'content-encoding',
      'etag',
      'cache-control',
      'vary',
    ]) {
      expect(head.headers[name]).toBe(full.headers[name]);
    }
  });
});

describe('caching', () => {
  it('lets browsers keep hashed assets forever and makes them revalidate pages', async () => {
    for (const asset of [findAsset(homeHtml, 'js'), findAsset(homeHtml, 'css')]) {
      expect((await get(asset)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get(`/${somePageDirectory()}/`)).headers['cache-control']).toBe('no-cache');
  });

  it('gives unhashed public files a short shared lifetime', async () => {
    const response = await get('/sitemap-index.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/xml\b/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('clean URLs', () => {
  it('serves a page directory with or without the trailing slash', async () => {
    const page = somePageDirectory();
    const expected = readFileSync(join(CLIENT, page, 'index.html'));
    for (const path of [`/${page}`, `/${page}/`, `/${page}/?utm_source=test`]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.body.equals(expected)).toBe(true);
    }
  });

  it('never answers at a file’s own name, so each page has one address', async () => {
    const page = somePageDirectory();
    for (const path of [
      `/${page}/index.html?a=1`,
      '/index.html',
      '/index.html.br',
      `${findAsset(homeHtml, 'js')}.gz`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('not found and wrong methods', () => {
  it('answers an unknown path with 404 and the site’s not-found page', async () => {
    const response = await get('/no-such-page-here', { 'accept-encoding': 'identity' });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html\b/);
    expect(response.body.equals(readFileSync(join(CLIENT, '404.html')))).toBe(true);
  });

  it('answers a direct request for the not-found page itself with 404', async () => {
    const response = await get('/404.html', { 'accept-encoding': 'identity' });
    expect(response.status).toBe(404);
    expect(response.body.equals(readFileSync(join(CLIENT, '404.html')))).toBe(true);
  });

  it('answers HEAD on an unknown path with 404 and no body', async () => {
    const response = await rawRequest(app.url, '/no-such-page-here', { method: 'HEAD' });
    expect(response.status).toBe(404);
    expect(response.body.length).toBe(0);
  });

  it('never answers a POST to a prebuilt page with the page', async () => {
    const response = await rawRequest(app.url, '/about/', { method: 'POST' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
