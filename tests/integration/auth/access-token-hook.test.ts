import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { totpCode } from '../../helpers/totp.ts';
import { anonClient, codeIn, lastMail, signedInUser, startAuthStack, uniqueEmail } from './harness.ts';

const TEST_HOOK = 'pg-functions://postgres/public/hook_under_test';
let project: RunningStack;
let custom: RunningStack;
let disabled: RunningStack;

// One after another: on a Postgres server the stacks share the cluster's roles, and bootstraps that
// alter them at the same moment fail with "tuple concurrently updated".
beforeAll(async () => {
  project = await startAuthStack();
  custom = await startAuthStack({ hook: { custom_access_token: { enabled: true, uri: TEST_HOOK } } });
  disabled = await startAuthStack({ hook: { custom_access_token: { enabled: false } } });
});
afterAll(() => Promise.all([project.stop(), custom.stop(), disabled.stop()]));

const rolesIn = (token: string | undefined) => decodeJwt(token ?? '')['app_roles'];

/** A confirmed account holding `roles` before it signs in, and a signed-in client for it. */
async function staff(stack: RunningStack, roles: string[]) {
  const email = uniqueEmail('staff');
  const signedIn = await signedInUser(stack, email);
  for (const role of roles)
    await stack.db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [
      signedIn.user.id,
      role,
    ]);
  const { data, error } = await signedIn.client.auth.signInWithPassword({
    email,
    password: signedIn.password,
  });
  if (error) throw error;
  return { ...signedIn, session: data.session };
}

describe('the project’s hook (public.custom_access_token_hook)', () => {
  it('puts staff roles in the token at sign-in and again at every refresh', async () => {
    const { client, session, user } = await staff(project, ['counsellor', 'admin']);
    expect(rolesIn(session.access_token)).toEqual(['admin', 'counsellor']);
    await project.db.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [user.id]);
    expect(rolesIn((await client.auth.getSession()).data.session?.access_token)).toEqual([
      'admin',
      'counsellor',
    ]);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(rolesIn(refreshed.data.session?.access_token)).toEqual(['counsellor']);
  });

  it('gives applicants an empty list', async () => {
    const { session } = await signedInUser(project);
    expect(rolesIn(session.access_token)).toEqual([]);
  });

  it('runs for e-mail codes and MFA verification as well', async () => {
    const { client, email } = await staff(project, ['admin']);
    await anonClient(project).auth.signInWithOtp({ email });
    const code = codeIn(await lastMail(project, email));
    const viaCode = await anonClient(project).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(rolesIn(viaCode.data.session?.access_token)).toEqual(['admin']);

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('no factor');
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totpCode(enrolled.data.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(decodeJwt(verified.data?.access_token ?? '')).toMatchObject({ aal: 'aal2', app_roles: ['admin'] });
  });

  it('cannot be called through the Data API', async () => {
    const { client } = await signedInUser(project);
    const called = await client.rpc('custom_access_token_hook', { event: { user_id: null, claims: {} } });
    expect(called.data).toBeNull();
    expect(called.error?.code).toBe('42501');
  });
});

describe('without the hook enabled', () => {
  it('issues tokens without the claim', async () => {
    const { session } = await staff(disabled, ['admin']);
    expect(decodeJwt(session.access_token)).not.toHaveProperty('app_roles');
  });
});

describe('a hook that misbehaves', () => {
  /** Replaces the configured hook with a PL/pgSQL body that sees `event`. */
  async function hookDoes(body: string): Promise<void> {
    await custom.db.exec(`create or replace function public.hook_under_test(event jsonb) returns jsonb
      language plpgsql as $hook$ begin ${body} end $hook$;`);
  }

  async function account() {
    const email = uniqueEmail('hooked');
    await hookDoes('return event;');
    const { user, password, client } = await signedInUser(custom, email);
    return { email, password, user, client };
  }

  it('receives the user, the claims and how the token was earned, as supabase_auth_admin', async () => {
    const { email, password, user, client } = await account();
    await hookDoes(`return jsonb_set(event, '{claims,seen}', jsonb_build_object(
      'user_id', event->'user_id', 'method', event->'authentication_method',
      'iss', event->'claims'->'iss', 'as', current_user));`);
    const signedIn = await client.auth.signInWithPassword({ email, password });
    expect(decodeJwt(signedIn.data.session?.access_token ?? '')['seen']).toEqual({
      user_id: user.id,
      method: 'password',
      iss: `${custom.url}/auth/v1`,
      as: 'supabase_auth_admin',
    });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '')['seen']).toMatchObject({
      method: 'token_refresh',
    });
  });

  it('fails the sign-in with unexpected_failure when it raises, and opens no session', async () => {
    const { email, password, user } = await account();
    const sessions = async () =>
      (await custom.db.query('select id from auth.sessions where user_id = $1', [user.id])).rows.length;
    const before = await sessions();
    await hookDoes(`raise exception 'roles unavailable';`);
    const { data, error } = await anonClient(custom).auth.signInWithPassword({ email, password });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 500, message: `Error running hook URI: ${TEST_HOOK}` });
    const raw = await fetch(`${custom.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: custom.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email, password }),
    });
    expect(raw.status).toBe(500);
    expect(await raw.json()).toEqual({
      code: 'unexpected_failure',
      message: `Error running hook URI: ${TEST_HOOK}`,
    });
    expect(await sessions()).toBe(before);
  });

  it('refuses claims that lose a required claim or change its type', async () => {
    const { email, password } = await account();
    for (const body of [
      `return jsonb_set(event, '{claims}', (event->'claims') - 'session_id');`,
      `return jsonb_set(event, '{claims,exp}', '"tomorrow"');`,
    ]) {
      await hookDoes(body);
      const { error } = await anonClient(custom).auth.signInWithPassword({ email, password });
      expect(error?.status).toBe(500);
      expect(error?.message).toMatch(
        /^output claims do not conform to the expected schema: \n- (session_id|exp) /,
      );
    }
    await hookDoes(`return '{}'::jsonb;`);
    const missing = await anonClient(custom).auth.signInWithPassword({ email, password });
    expect(missing.error).toMatchObject({ status: 500, message: 'output claims field is missing' });
  });

  it('answers with the error a hook returns, and fails a refresh the same way', async () => {
    const { email, password } = await account();
    await hookDoes(`return '{"error": {"http_code": 403, "message": "Staff sign in with SSO."}}'::jsonb;`);
    const refused = await anonClient(custom).auth.signInWithPassword({ email, password });
    expect(refused.error).toMatchObject({ status: 403, code: 'unknown', message: 'Staff sign in with SSO.' });

    await hookDoes(`if event->>'authentication_method' = 'token_refresh' then raise exception 'no'; end if;
      return event;`);
    const { data, error } = await anonClient(custom).auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    // Sent directly: auth-js retries a 500 on refresh for several seconds before giving up.
    const refreshed = await fetch(`${custom.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: custom.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: data.session?.refresh_token }),
    });
    expect(refreshed.status).toBe(500);
    expect(await refreshed.json()).toMatchObject({
      error_code: 'unexpected_failure',
      msg: `Error running hook URI: ${TEST_HOOK}`,
    });
  });
});
