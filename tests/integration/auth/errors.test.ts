import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { signedInUser, startAuthStack } from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(() => stack.stop());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const dated = { 'x-supabase-api-version': '2024-01-01' };
const login = { email: 'nobody@example.com', password: 'whatever it may be' };

describe('error shapes on the wire', () => {
  it('uses the dated shape, echoes the version and names the code in a header', async () => {
    const response = await post('/token?grant_type=password', login, dated);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('uses the legacy shape without the version header', async () => {
    const response = await post('/token?grant_type=password', login);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('uses the OAuth shape for a refresh without a token', async () => {
    const response = await post('/token?grant_type=refresh_token', {}, dated);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });

  it('refuses an unknown grant, bad JSON, a missing API key and a bare legacy key', async () => {
    const grant = await post('/token?grant_type=magic', {}, dated);
    expect(await grant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    const badJson = await post('/signup', '{"email":', dated);
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).code).toBe('bad_json');
    const noKey = await fetch(`${stack.url}/auth/v1/user`);
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).message).toBe('No API key found in request');
    const bare = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, ...dated } });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });

  it('answers session_not_found on the wire for a token whose session ended', async () => {
    const { client, session } = await signedInUser(stack);
    await client.auth.signOut();
    const response = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}`, ...dated },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('session_not_found');
  });

  it('serves health, settings and the JWKS without a key', async () => {
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect((await health.json()).name).toBe('GoTrue');
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      external: { email: true, phone: true, google: false },
      mailer_autoconfirm: false,
    });
    const jwks = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await jwks.json()) as { keys: Record<string, unknown>[] };
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});
