import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import {
  anonClient,
  codeIn,
  followLink,
  lastMail,
  linkIn,
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

describe('updateUser', () => {
  it('merges user metadata and deletes keys set to null', async () => {
    const { client } = await signedInUser(stack);
    await client.auth.updateUser({ data: { theme: 'dark', locale: 'en' } });
    const { data, error } = await client.auth.updateUser({ data: { locale: null, plan: 'free' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ theme: 'dark', plan: 'free' });
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual({ theme: 'dark', plan: 'free' });
  });

  it('refuses app_metadata from a user with not_admin', async () => {
    const { client } = await signedInUser(stack);
    const response = await fetch(`${stack.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${(await client.auth.getSession()).data.session?.access_token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('not_admin');
  });

  it('confirms an e-mail change on both addresses', async () => {
    const { client, email } = await signedInUser(stack);
    const next = uniqueEmail('next');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    const first = await followLink(linkIn(await lastMail(stack, email, 'email_change_current')));
    expect(new URLSearchParams(first.hash.slice(1)).get('message')).toMatch(/^Confirmation link accepted/);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const code = codeIn(await lastMail(stack, next, 'email_change_new'));
    const done = await anonClient(stack).auth.verifyOtp({ email: next, token: code, type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(next);
    expect(
      (await anonClient(stack).auth.signInWithPassword({ email: next, password: strongPassword })).error,
    ).toBeNull();
  });

  it('refuses an address another account uses with email_exists', async () => {
    const other = await signedInUser(stack);
    const { client } = await signedInUser(stack);
    const { error } = await client.auth.updateUser({ email: other.email });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('password change with secure_password_change', () => {
  it('needs the mailed nonce, refuses a wrong one, the same password and a weak one', async () => {
    const { client, email, password } = await signedInUser(stack);
    const next = 'an entirely new passphrase';
    const missing = await client.auth.updateUser({ password: next });
    expect(missing.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = codeIn(await lastMail(stack, email, 'reauthentication'));
    const wrongNonce = String((Number(nonce) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await client.auth.updateUser({ password: next, nonce: wrongNonce });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    const same = await client.auth.updateUser({ password, nonce });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'iloveyou', nonce });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length', 'pwned'] });
    expect((await client.auth.updateUser({ password: next, nonce })).error).toBeNull();
    expect((await anonClient(stack).auth.signInWithPassword({ email, password: next })).error).toBeNull();
  });

  it('ends the other sessions of the user when the password changes', async () => {
    const { client, email, password } = await signedInUser(stack);
    const other = anonClient(stack);
    await other.auth.signInWithPassword({ email, password });
    await client.auth.reauthenticate();
    const nonce = codeIn(await lastMail(stack, email, 'reauthentication'));
    expect((await client.auth.updateUser({ password: 'yet another passphrase', nonce })).error).toBeNull();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();
  });
});

describe('identities and providers that are not configured', () => {
  it('lists the e-mail identity and refuses to unlink while manual linking is off', async () => {
    const { client } = await signedInUser(stack);
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities.map((identity) => identity.provider)).toEqual(['email']);
    const { error } = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    const link = await client.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
  });

  it('answers OAuth, SSO, ID-token, web3 and anonymous sign-ins as a project without them', async () => {
    const authorize = await fetch(`${stack.url}/auth/v1/authorize?provider=google`, {
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(authorize.status).toBe(400);
    expect(await authorize.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const client = anonClient(stack);
    const sso = await client.auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled' });
    const idToken = await client.auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    expect(idToken.error).toMatchObject({ status: 400, code: 'provider_disabled' });
    const anonymous = await client.auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });
});
