import { createHash } from 'node:crypto';
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

/** The header policy every answer carries: everything but scripts and styles. */
const BASE_POLICY: Array<[string, string[]]> = [
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'", SUPABASE]],
  ['media-src', ["'self'"]],
  ['manifest-src', ["'self'"]],
  ['worker-src', ["'self'"]],
  ['frame-src', ["'none'"]],
  ['child-src', ["'none'"]],
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

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's inline scripts that run (not data blocks such as JSON-LD), as the browser hashes them. */
function inlineScripts(html: string): string[] {
  const tags = html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g);
  return [...tags]
    .filter(([, attributes]) => !/\btype="(?!module")/.test(attributes ?? ''))
    .map((match) => match[2] ?? '');
}

describe('security headers', () => {
  it('give a prebuilt page the base policy in its header and its own script hashes in its markup', async () => {
    const response = await rawRequest(app.url, '/');
    expectFixedHeaders(response);
    expect(directives(response.headers['content-security-policy'])).toEqual(new Map(BASE_POLICY));
    const page = directives(metaPolicy(homeHtml));
    const scripts = page.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((source) => /^'sha(256|384|512)-[\w+/=]+'$/.test(source))).toBe(true);
    const inline = inlineScripts(homeHtml);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(scripts).toContain(sha256(script));
  });

  it('never allow inline or eval scripts, in the header or in the markup', async () => {
    const notFoundHtml = readFileSync(join(CLIENT, '404.html'), 'utf8');
    const policies = [directives(metaPolicy(homeHtml)), directives(metaPolicy(notFoundHtml))];
    for (const path of ['/', '/no-such-page', findAsset(homeHtml, 'js')]) {
      policies.push(directives((await rawRequest(app.url, path)).headers['content-security-policy']));
    }
    for (const policy of policies) {
      expect(policy.has('default-src')).toBe(false);
      for (const [name, sources] of policy) {
        if (name.startsWith('script-src')) {
          expect(sources).not.toContain("'unsafe-inline'");
          expect(sources).not.toContain("'unsafe-eval'");
        }
      }
    }
  });

  it('give the 404 page its status, the base policy and the hashes of its own markup', async () => {
    const response = await rawRequest(app.url, '/no-such-page');
    expect(response.status).toBe(404);
    expectFixedHeaders(response);
    expect(directives(response.headers['content-security-policy'])).toEqual(new Map(BASE_POLICY));
    expect(response.body.equals(readFileSync(join(CLIENT, '404.html')))).toBe(true);
  });

  it('go with assets, 304s, HEAD and refusals too', async () => {
    const asset = findAsset(homeHtml, 'css');
    const etag = (await rawRequest(app.url, asset)).headers['etag'] ?? '';
    const responses = [
      await rawRequest(app.url, asset),
      await rawRequest(app.url, asset, { headers: { 'if-none-match': etag } }),
      await rawRequest(app.url, '/index.html'),
      await rawRequest(app.url, '/', { method: 'HEAD' }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 304, 404, 200]);
    for (const response of responses) {
      expectFixedHeaders(response);
      expect(directives(response.headers['content-security-policy'])).toEqual(new Map(BASE_POLICY));
    }
  });

  it('put the configured backend origin in connect-src', async () => {
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
