import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppServer, type AppServer } from '../../../src/server/serve.ts';
import { startFuzzApp, type FuzzApp } from '../security/app-harness.ts';
import { DIST } from './support/build.ts';
import { directives } from './support/html.ts';
import { rawRequest, type RawResponse } from './support/http.ts';

// Every request asks for the catalogue's version, so a change shows at once.
process.env['CATALOGUE_CACHE_CHECK_MS'] = '0';

let fuzz: FuzzApp;
let checkedEveryMinute: AppServer;
beforeAll(async () => {
  fuzz = await startFuzzApp();
  checkedEveryMinute = await createAppServer({
    host: '127.0.0.1',
    port: 0,
    distDir: DIST,
    supabaseUrl: fuzz.stack.url,
    catalogueCheckEveryMs: 60_000,
  });
}, 120_000);
afterAll(async () => {
  await checkedEveryMinute.close();
  await fuzz.close();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(fuzz.app.url, path, { headers, method });

/** The policies of one header: Astro's (scripts and styles) first, then the base policy. */
function policies(response: RawResponse): Map<string, string[]>[] {
  const header = response.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`expected one policy header, got ${String(header)}`);
  return header.split(',').map((policy) => directives(policy));
}

function expectPagePolicies(response: RawResponse): void {
  const [page, base, ...rest] = policies(response);
  expect(rest).toEqual([]);
  const scripts = page?.get('script-src') ?? [];
  expect(scripts[0]).toBe("'self'");
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(base?.get('frame-ancestors')).toEqual(["'none'"]);
  expect(base?.get('connect-src')).toEqual(["'self'", new URL(fuzz.stack.url).origin]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

describe('on-demand pages', () => {
  it('carry their own script hashes beside the base policy, and stay out of shared caches', async () => {
    const response = await get('/auth');
    expect(response.status).toBe(200);
    expectPagePolicies(response);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('are compressed with a coding the client accepts, and sent plain to one that accepts none', async () => {
    const br = await get('/auth', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('</html>');
    const gzip = await get('/auth', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('</html>');
    const plain = await get('/auth', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('</html>');
  });

  it('answer HEAD with the headers and no body', async () => {
    const head = await get('/auth', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('see HTTPS behind a trusted proxy (Secure cookies), and only then', async () => {
    const proxied: AppServer = await createAppServer({
      host: '127.0.0.1',
      port: 0,
      distDir: DIST,
      supabaseUrl: fuzz.stack.url,
      trustProxy: true,
    });
    try {
      const csrfCookie = async (url: string, headers: Record<string, string>) =>
        String((await rawRequest(url, '/api/auth/csrf', { headers })).headers['set-cookie']);
      expect(await csrfCookie(proxied.url, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
      expect(await csrfCookie(proxied.url, { 'x-forwarded-proto': 'http' })).not.toMatch(/;\s*Secure/i);
      expect(await csrfCookie(fuzz.app.url, { 'x-forwarded-proto': 'https' })).not.toMatch(/;\s*Secure/i);
      // A forwarded host is believed only when it is the site's own: another one cannot make a
      // cross-site form post look same-origin, behind the proxy or not.
      const crossSite = (url: string) =>
        rawRequest(url, '/api/leads', {
          method: 'POST',
          headers: {
            origin: 'https://evil.example',
            'x-forwarded-host': 'evil.example',
            'x-forwarded-proto': 'https',
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': '0',
          },
        });
      expect((await crossSite(proxied.url)).status).toBe(403);
      expect((await crossSite(fuzz.app.url)).status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

/**
 * The server that checks the catalogue's version on every request renders through Astro's
 * middleware; the one that checks once a minute sends stored pages itself, before Astro runs.
 */
const catalogueServers: [string, () => string][] = [
  ['checked on every request', () => fuzz.app.url],
  ['sent by the server between checks', () => checkedEveryMinute.url],
];

describe.each(catalogueServers)('stored catalogue pages, %s', (_, appUrl) => {
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(appUrl(), path, { headers });

  it('are kept from the second anonymous visit and sent again, with the headers of a rendered page and no cookie', async () => {
    const path = `/universities?sort=name&visit=${appUrl().length}`;
    const once = await get(path);
    expect(once.headers['x-catalogue-cache']).toBe('miss');
    const first = await get(path);
    expect(first.headers['x-catalogue-cache']).toBe('miss');
    const again = await get(path);
    expect(again.headers['x-catalogue-cache']).toBe('hit');
    expect(again.body.equals(first.body)).toBe(true);
    expectPagePolicies(again);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toMatch(/\bpublic\b/);
  });

  it('are sent as the stored brotli or gzip copy, each the same page', async () => {
    await get('/universities', { 'accept-encoding': 'identity' });
    const plain = await get('/universities', { 'accept-encoding': 'identity' });
    // The copies are made just after the page is stored; a stored copy carries the weakened tag.
    await vi.waitFor(async () => {
      const br = await get('/universities', { 'accept-encoding': 'br' });
      expect(br.headers['etag']).toBe(`W/${String(plain.headers['etag'])}`);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    });
    const gzip = await get('/universities', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.headers['etag']).toBe(`W/${String(plain.headers['etag'])}`);
  });

  it('answer revalidation with 304 and no body', async () => {
    const hit = await get('/universities');
    const etag = String(hit.headers['etag']);
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get('/universities', { 'if-none-match': tag });
      expect(again.status, tag).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('are never sent to a signed-in visitor or one with a message waiting', async () => {
    await get('/universities');
    for (const cookie of [fuzz.signedIn.cookie, 'unipath-flash=%5B%5D']) {
      const response = await get('/universities', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers['x-catalogue-cache']).toBeUndefined();
    }
  });
});

describe('stored catalogue pages', () => {
  it('are rendered again once the catalogue changes', async () => {
    await get('/universities');
    await get('/universities');
    const before = await get('/universities');
    expect(before.headers['x-catalogue-cache']).toBe('hit');
    await fuzz.stack.db.query(
      "update public.universities set published = false where slug = 'ashcombe-university'",
    );
    const fresh = await get('/universities');
    expect(fresh.headers['x-catalogue-cache']).toBe('miss');
    expect(fresh.body.equals(before.body)).toBe(false);
  });
});
