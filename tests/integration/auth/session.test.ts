import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import {
  anonClient,
  countingClient,
  signedInUser,
  startAuthStack,
  strongPassword,
  uniqueEmail,
} from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(() => stack.stop());

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('password sign-in', () => {
  it('issues a GoTrue session with the full claim set', async () => {
    const { session, user } = await signedInUser(stack);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    const claims = decode(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims['amr']).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims['session_id']).toEqual(expect.any(String));
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(3600);
  });

  it('answers invalid_credentials alike for a wrong password and an unknown account', async () => {
    const { email } = await signedInUser(stack);
    const wrong = await anonClient(stack).auth.signInWithPassword({
      email,
      password: 'not the password at all',
    });
    const unknown = await anonClient(stack).auth.signInWithPassword({
      email: uniqueEmail(),
      password: strongPassword,
    });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });
});

describe('seeded users and the audit log', () => {
  it('signs in a user seeded with a pgcrypto bcrypt hash and flags its weak password', async () => {
    const email = uniqueEmail('seeded');
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
          raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
          extensions.crypt('qwertyuiop', extensions.gen_salt('bf')), now(),
          '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email],
    );
    const { data, error } = await anonClient(stack).auth.signInWithPassword({
      email,
      password: 'qwertyuiop',
    });
    expect(error).toBeNull();
    expect(data.weakPassword).toMatchObject({ reasons: ['pwned'] });
  });

  it('records sign-ins and sign-outs in auth.audit_log_entries', async () => {
    const { client, user } = await signedInUser(stack);
    await client.auth.signOut();
    const { rows } = await stack.db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries
        where payload->>'actor_id' = $1 order by created_at`,
      [user.id],
    );
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user_signedup', 'login', 'logout']),
    );
  });
});

describe('getClaims', () => {
  it('verifies the token locally with the JWKS, without asking /user', async () => {
    const { client, requests } = countingClient(stack);
    const email = uniqueEmail('claims');
    await signedInUser(stack, email);
    await client.auth.signInWithPassword({ email, password: strongPassword });
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.email).toBe(email);
    expect(requests).toContain('/auth/v1/.well-known/jwks.json');
    expect(requests).not.toContain('/auth/v1/user');
  });

  it('rejects a token whose payload was changed', async () => {
    const { session } = await signedInUser(stack);
    const [header, , signature] = session.access_token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decode(session.access_token), role: 'service_role' }),
    ).toString('base64url');
    const { data, error } = await anonClient(stack).auth.getClaims(`${header}.${forged}.${signature}`);
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    const user = await anonClient(stack).auth.getUser(`${header}.${forged}.${signature}`);
    expect(user.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('refresh', () => {
  it('rotates the refresh token and keeps the session', async () => {
    const { client, session } = await signedInUser(stack);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decode(data.session?.access_token ?? '')['session_id']).toBe(
      decode(session.access_token)['session_id'],
    );
  });

  it('tolerates reuse of the previous token inside the reuse interval (concurrent tabs)', async () => {
    const { client, session } = await signedInUser(stack);
    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    await client.auth.refreshSession();
    const other = anonClient(stack);
    const reused = await other.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toBeNull();
  });

  it('answers refresh_token_not_found for an unknown token', async () => {
    const { error } = await anonClient(stack).auth.refreshSession({ refresh_token: 'abcdefghijklmnop' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('logout', () => {
  async function threeSessions() {
    const email = uniqueEmail('logout');
    const a = await signedInUser(stack, email);
    const b = anonClient(stack);
    const c = anonClient(stack);
    await b.auth.signInWithPassword({ email, password: strongPassword });
    await c.auth.signInWithPassword({ email, password: strongPassword });
    return { a: a.client, b, c };
  }
  const refreshes = async (client: ReturnType<typeof anonClient>) => {
    const { data } = await client.auth.getSession();
    const result = await anonClient(stack).auth.refreshSession({
      refresh_token: data.session?.refresh_token ?? '',
    });
    return result.error === null;
  };

  it('scope local ends only this session; its token is then refused with session_not_found', async () => {
    const { a, b } = await threeSessions();
    const token = (await a.auth.getSession()).data.session?.access_token ?? '';
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    const refused = await anonClient(stack).auth.getUser(token);
    // auth-js turns session_not_found into AuthSessionMissingError, which drops the code.
    expect(refused.error?.name).toBe('AuthSessionMissingError');
    expect(await refreshes(b)).toBe(true);
  });

  it('scope others ends the other sessions and keeps this one', async () => {
    const { a, b, c } = await threeSessions();
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await refreshes(b)).toBe(false);
    expect(await refreshes(c)).toBe(false);
    expect((await a.auth.getUser()).error).toBeNull();
  });

  it('scope global ends every session of the user', async () => {
    const { a, b, c } = await threeSessions();
    const tokenB = (await b.auth.getSession()).data.session?.access_token ?? '';
    expect((await a.auth.signOut()).error).toBeNull();
    expect(await refreshes(c)).toBe(false);
    expect((await anonClient(stack).auth.getUser(tokenB)).error?.name).toBe('AuthSessionMissingError');
  });
});

describe('user endpoint guards', () => {
  it('refuses the anon key as a user token with bad_jwt', async () => {
    const { error } = await anonClient(stack).auth.getUser(stack.anonKey);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});
