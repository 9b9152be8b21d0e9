/**
 * Tokens nobody issued. Every install signs with its own secret and key pair, so a token made with
 * the Supabase CLI's published demo secret, or one meant for another audience, opens nothing: not
 * the REST API, not storage, not the auth API, not the app's admin pages.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wellKnown } from '../../../supabase/local/keys.ts';
import { DEMO_ACCOUNTS } from '../../../supabase/seed/demo-accounts.ts';
import { sessionCookies, startFuzzApp, type FuzzApp } from './app-harness.ts';

let fuzz: FuzzApp;
const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

beforeAll(async () => {
  fuzz = await startFuzzApp();
}, 600_000);
afterAll(() => fuzz.close());

const now = () => Math.floor(Date.now() / 1000);
/** Headers supabase-js sends to the auth API (the 2024 error shape). */
const authApi = () => ({ apikey: fuzz.stack.anonKey, 'x-supabase-api-version': '2024-01-01' });

/** What an attacker who read the CLI's documentation can sign. */
function forge(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT({ iat: now(), exp: now() + 3600, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(wellKnown.jwtSecret));
}

const forgedAdmin = () =>
  forge({ sub: admin.id, role: 'authenticated', aud: 'authenticated', aal: 'aal2', email: admin.email });
const forgedService = () => forge({ iss: wellKnown.issuer, role: 'service_role' });

async function rest(path: string, bearer: string, apikey = fuzz.stack.anonKey) {
  const response = await fetch(`${fuzz.stack.url}/rest/v1/${path}`, {
    headers: { apikey, authorization: `Bearer ${bearer}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('keys of this install', () => {
  it('are not the Supabase CLI demo keys', () => {
    expect(fuzz.stack.anonKey).not.toContain(wellKnown.issuer);
    expect(fuzz.stack.publishableKey).not.toBe(wellKnown.publishableKey);
    expect(fuzz.stack.secretKey).not.toBe(wellKnown.secretKey);
  });

  it('refuse the demo anon key and the demo opaque keys as API keys', async () => {
    const demoAnon = await forge({ iss: wellKnown.issuer, role: 'anon', exp: wellKnown.expiry });
    for (const apikey of [demoAnon, wellKnown.publishableKey, wellKnown.secretKey]) {
      const response = await fetch(`${fuzz.stack.url}/rest/v1/universities?select=id&limit=1`, {
        headers: { apikey },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
    }
  });
});

describe('a token forged with the demo secret', () => {
  it('reads neither the audit log nor the leads over REST, even in the admin’s name', async () => {
    for (const table of ['audit_log', 'leads', 'user_roles']) {
      const { status, body } = await rest(`${table}?select=*`, await forgedAdmin());
      expect(status).toBe(401);
      expect(body['code']).toBe('PGRST301');
    }
  });

  it('claiming service_role opens neither REST nor the auth admin API nor storage', async () => {
    const token = await forgedService();
    expect((await rest('audit_log?select=*', token)).status).toBe(401);
    const users = await fetch(`${fuzz.stack.url}/auth/v1/admin/users`, {
      headers: { ...authApi(), authorization: `Bearer ${token}` },
    });
    expect(users.status).toBe(403);
    expect(await users.json()).toMatchObject({ code: 'bad_jwt' });
    const buckets = await fetch(`${fuzz.stack.url}/storage/v1/bucket`, {
      headers: { ...authApi(), authorization: `Bearer ${token}` },
    });
    expect(buckets.status).toBeGreaterThanOrEqual(400);
    expect(buckets.status).toBeLessThan(500);
  });

  it('gets no user from the auth API', async () => {
    const response = await fetch(`${fuzz.stack.url}/auth/v1/user`, {
      headers: { ...authApi(), authorization: `Bearer ${await forgedAdmin()}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('placed in the app’s session cookie opens no admin page and is removed', async () => {
    const cookie = await sessionCookies(fuzz.stack, `forger-${Date.now()}@example.com`);
    const forgedCookie = withAccessToken(cookie, await forgedAdmin());
    for (const path of ['/admin/audit', '/admin', '/admin/leads']) {
      const response = await fetch(new URL(path, fuzz.app.url), {
        redirect: 'manual',
        headers: { cookie: forgedCookie },
      });
      const body = await response.text();
      expect(response.status, path).not.toBe(200);
      expect(body).not.toContain('Audit log');
      const cleared = response.headers.getSetCookie().filter((line) => /^sb-[^=]+-auth-token/.test(line));
      expect(cleared.length, path).toBeGreaterThan(0);
    }
  });
});

describe('audience', () => {
  it('REST refuses a genuine signature for another audience and accepts the project’s own', async () => {
    const other = await fuzz.stack.signToken({ sub: admin.id, aud: 'another-service' });
    const refused = await rest('universities?select=id&limit=1', other);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'PGRST303', message: 'JWT not in audience' });
    const own = await fuzz.stack.signToken({ sub: admin.id, aud: ['authenticated', 'another-service'] });
    expect((await rest('universities?select=id&limit=1', own)).status).toBe(200);
  });

  it('the auth API refuses a user token for another audience', async () => {
    const other = await fuzz.stack.signToken({ sub: admin.id, aud: 'another-service' });
    const response = await fetch(`${fuzz.stack.url}/auth/v1/user`, {
      headers: { ...authApi(), authorization: `Bearer ${other}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

/** The same browser's session cookie with its access token swapped, as an attacker would edit it. */
function withAccessToken(cookieHeader: string, accessToken: string): string {
  const pairs = cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  });
  const session = pairs.filter(([name]) => /^sb-[^=]+-auth-token(\.\d+)?$/.test(name));
  const name = session[0]?.[0].replace(/\.\d+$/, '') ?? '';
  const encoded = session
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, value]) => value)
    .join('');
  const json = JSON.parse(
    Buffer.from(encoded.replace(/^base64-/, ''), 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  const forged = `base64-${Buffer.from(JSON.stringify({ ...json, access_token: accessToken })).toString('base64url')}`;
  const others = pairs.filter(([n]) => !session.some(([s]) => s === n)).map(([n, v]) => `${n}=${v}`);
  return [...others, `${name}=${forged}`].join('; ');
}
