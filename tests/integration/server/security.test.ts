import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import { startApp } from './support/app.ts';
import { DIST, ensureBuild } from './support/build.ts';
import { directives, findAsset, metaPolicy } from './support/html.ts';
import { rawRequest, type RawResponse } from './support/http.ts';

const CLIENT = join(DIST, 'client');
const SUPABASE = 'http://127.0.0.1:54321';
let app: AppServer;
let homeHtml: string;

beforeAll(async () => {
  ensureBuild();
  app = await startApp();
  homeHtml = readFileSync(join(CLIENT, 'index.html'), 'utf8');
});
afterAll(() => app.close());

const FIXED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** What the server adds to every policy, whatever the page. */
const SERVER_DIRECTIVES: Array<[string, string[]]> = [
  ['default-src', ["'self'"]],
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'", SUPABASE]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

function expectFixedHeaders(response: RawResponse): void {
  for (const [name, value] of Object.entries(FIXED)) expect(response.headers[name], name).toBe(value);
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

/** The page's own policy (Astro's hashes) plus the server's directives, nothing else. */
function expectedPagePolicy(html: string): Map<string, string[]> {
  return new Map([...SERVER_DIRECTIVES, ...directives(metaPolicy(html))]);
}

describe('security headers', () => {
  it('gives a prerendered page one header policy: its own hashes plus the server directives', async () => {
    const response = await rawRequest(app.url, '/');
    expectFixedHeaders(response);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy).toEqual(expectedPagePolicy(homeHtml));
    const scripts = policy.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((source) => /^'sha(256|384|512)-[\w+/=]+'$/.test(source))).toBe(true);
    expect(scripts.length).toBeGreaterThan(1);
  });

  it('never allows inline or eval scripts on any page type', async () => {
    for (const path of ['/', '/no-such-page', findAsset(homeHtml, 'js')]) {
      const policy = directives((await rawRequest(app.url, path)).headers['content-security-policy']);
      for (const [name, sources] of policy) {
        if (name.startsWith('script-src')) {
          expect(sources).not.toContain("'unsafe-inline'");
          expect(sources).not.toContain("'unsafe-eval'");
        }
      }
    }
  });

  it('gives the 404 page the policy of its own markup', async () => {
    const response = await rawRequest(app.url, '/no-such-page');
    expect(response.status).toBe(404);
    expectFixedHeaders(response);
    const notFoundHtml = readFileSync(join(CLIENT, '404.html'), 'utf8');
    expect(directives(response.headers['content-security-policy'])).toEqual(expectedPagePolicy(notFoundHtml));
  });

  it('gives assets, redirects, 304s and refusals the server policy', async () => {
    const asset = findAsset(homeHtml, 'css');
    const etag = (await rawRequest(app.url, asset)).headers['etag'] ?? '';
    const responses = [
      await rawRequest(app.url, asset),
      await rawRequest(app.url, asset, { headers: { 'if-none-match': etag } }),
      await rawRequest(app.url, '/index.html'),
      await rawRequest(app.url, '/', { method: 'DELETE' }),
      await rawRequest(app.url, '/', { method: 'HEAD' }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 304, 301, 405, 200]);
    for (const response of responses) {
      expectFixedHeaders(response);
      const policy = directives(response.headers['content-security-policy']);
      for (const [name, sources] of SERVER_DIRECTIVES) expect(policy.get(name), name).toEqual(sources);
    }
  });

  it('puts the configured backend origin in connect-src', async () => {
    const hosted = await startApp({ supabaseUrl: 'https://abcdefgh.supabase.co/' });
    try {
      const policy = directives((await rawRequest(hosted.url, '/')).headers['content-security-policy']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://abcdefgh.supabase.co']);
    } finally {
      await hosted.close();
    }
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=63072000; includeSubDomains';
  const viaHttpsProxy = { 'x-forwarded-proto': 'https' };

  it('is absent over plain HTTP and when an untrusted client claims HTTPS', async () => {
    expect((await rawRequest(app.url, '/')).headers['strict-transport-security']).toBeUndefined();
    const claimed = await rawRequest(app.url, '/', { headers: viaHttpsProxy });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on every response type behind a trusted HTTPS proxy', async () => {
    const proxied = await startApp({ trustProxy: true });
    try {
      for (const path of ['/', findAsset(homeHtml, 'js'), '/no-such-page']) {
        const response = await rawRequest(proxied.url, path, { headers: viaHttpsProxy });
        expect(response.headers['strict-transport-security'], path).toBe(HSTS);
      }
      const plain = await rawRequest(proxied.url, '/', { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
