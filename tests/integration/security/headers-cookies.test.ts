import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant, PASSWORD, startFuzzApp, type FuzzApp } from './app-harness.ts';

let fuzz: FuzzApp;
let origin: string;
const HTTPS = { 'x-forwarded-proto': 'https' };

beforeAll(async () => {
  fuzz = await startFuzzApp({ trustProxy: true });
  origin = new URL(fuzz.app.url).origin;
}, 600_000);
afterAll(() => fuzz.close());

interface Seen {
  path: string;
  status: number;
  headers: Headers;
}

async function visit(
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Seen> {
  const response = await fetch(new URL(path, fuzz.app.url), {
    redirect: 'manual',
    ...init,
    headers: { ...HTTPS, ...init.headers },
  });
  await response.arrayBuffer();
  return { path, status: response.status, headers: response.headers };
}

/** Attributes of one Set-Cookie line, lower-cased, with the cookie's name. */
function parseSetCookie(line: string): { name: string; value: string; attributes: Map<string, string> } {
  const [pair = '', ...rest] = line.split(';');
  const [name = '', ...value] = pair.split('=');
  const attributes = new Map(
    rest.map((part) => {
      const [key = '', ...v] = part.trim().split('=');
      return [key.toLowerCase(), v.join('=')] as [string, string];
    }),
  );
  return { name: name.trim(), value: value.join('='), attributes };
}

/** Signs in through the /auth form as a browser would, over HTTPS behind the proxy. */
async function signInThroughForm(): Promise<Seen> {
  const email = `cookies-${Date.now()}@example.com`;
  await createApplicant(fuzz.stack, email);
  const csrf = await visit('/api/auth/csrf');
  const cookie = (csrf.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const token = cookie.split('=')[1] ?? '';
  const form = new URLSearchParams({ intent: 'sign-in', email, password: PASSWORD, csrf_token: token });
  return visit('/auth', {
    method: 'POST',
    body: form.toString(),
    headers: {
      cookie,
      origin: origin.replace('http:', 'https:'),
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
}

describe('cookies over HTTPS behind a trusted proxy', () => {
  it('marks the CSRF cookie Secure, HttpOnly and SameSite=Lax, scoped to the whole site', async () => {
    const { headers } = await visit('/api/auth/csrf');
    const csrf = headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === 'unipath-csrf');
    expect(csrf?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(csrf?.attributes.has('secure')).toBe(true);
    expect(csrf?.attributes.has('httponly')).toBe(true);
    expect(csrf?.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(csrf?.attributes.get('path')).toBe('/');
  });

  it('leaves Secure off over plain HTTP, where a browser would drop the cookie', async () => {
    const plain = await fetch(new URL('/api/auth/csrf', fuzz.app.url), {
      headers: { 'x-forwarded-proto': 'http' },
    });
    const csrf = plain.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === 'unipath-csrf');
    expect(csrf?.attributes.has('httponly')).toBe(true);
    expect(csrf?.attributes.has('secure')).toBe(false);
  });

  it('marks the session cookies Secure and SameSite=Lax when a user signs in', async () => {
    const signedIn = await signInThroughForm();
    expect(signedIn.status).toBe(303);
    const session = signedIn.headers
      .getSetCookie()
      .map(parseSetCookie)
      .filter((c) => /^sb-.+-auth-token/.test(c.name));
    expect(session.length).toBeGreaterThan(0);
    for (const cookie of session) {
      expect(cookie.attributes.has('secure'), cookie.name).toBe(true);
      expect(cookie.attributes.get('samesite')?.toLowerCase(), cookie.name).toBe('lax');
      expect(cookie.attributes.get('path'), cookie.name).toBe('/');
    }
  });

  it('sends no cookie without Secure and SameSite on any response', async () => {
    const responses = [
      await signInThroughForm(),
      await visit('/'),
      await visit('/auth'),
      await visit('/courses'),
      await visit('/api/catalogue/currency?currency=EUR&next=/courses'),
      await visit('/api/auth/sign-out', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'scope=local',
      }),
    ];
    const cookies = responses.flatMap((r) =>
      r.headers.getSetCookie().map((line) => ({ path: r.path, ...parseSetCookie(line) })),
    );
    expect(cookies.length).toBeGreaterThan(2);
    for (const cookie of cookies) {
      expect(cookie.attributes.has('secure'), `${cookie.name} from ${cookie.path}`).toBe(true);
      expect(cookie.attributes.get('samesite'), `${cookie.name} from ${cookie.path}`).toMatch(
        /^(lax|strict)$/i,
      );
    }
  });
});

describe('security headers on server-rendered and API responses', () => {
  it('sends the fixed headers, a frame-ancestors policy and HSTS on every kind of answer', async () => {
    const responses = [
      await visit('/courses'),
      await visit('/universities'),
      await visit('/auth'),
      await visit('/api/catalogue/courses?q=law'),
      await visit('/api/auth/csrf'),
      await visit('/profile'),
      await visit('/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await visit('/api/no-such-endpoint'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 303, 403, 404]);
    for (const { path, headers } of responses) {
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      expect(headers.get('strict-transport-security'), path).toMatch(/max-age=\d{8,}; includeSubDomains/);
      expect(headers.get('x-powered-by'), path).toBeNull();
    }
  });
});

describe('what the server never serves', () => {
  const PROBES = [
    '/.git/config',
    '/.git/HEAD',
    '/.env',
    '/.env.local',
    '/package.json',
    '/package-lock.json',
    '/astro.config.mjs',
    '/tsconfig.json',
    '/server/entry.mjs',
    '/dist/server/entry.mjs',
    '/src/middleware.ts',
    '/node_modules/astro/package.json',
    '/@vite/client',
    '/@fs/etc/passwd',
    '/__astro_dev_toolbar__',
    '/_astro/../../package.json',
    '/supabase/config.toml',
    '/.data/db',
    '/debug',
    '/_debug',
    '/server-status',
  ];

  it('answers repository, source, dev-server and debug paths with 404 and none of their content', async () => {
    for (const path of PROBES) {
      const response = await fetch(new URL(path, fuzz.app.url), { redirect: 'manual' });
      const body = await response.text();
      expect([404, 400, 301, 308], path).toContain(response.status);
      expect(body, path).not.toMatch(/\[core\]|"devDependencies"|defineConfig|root:x:0:0|ref: refs\//);
    }
  });

  it('serves no source map for any script the pages load', async () => {
    const html = await (await fetch(new URL('/courses', fuzz.app.url))).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const asset = await fetch(new URL(script, fuzz.app.url));
      expect(await asset.text(), script).not.toMatch(/sourceMappingURL=/);
      expect((await fetch(new URL(`${script}.map`, fuzz.app.url))).status, `${script}.map`).toBe(404);
    }
  });
});
