import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../../../supabase/local/db/request-context.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import {
  adminClient,
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

describe('admin API guard', () => {
  it('answers not_admin to the anon key and to a user token', async () => {
    const anon = await anonClient(stack).auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const { session } = await signedInUser(stack);
    const response = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${session.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('not_admin');
  });

  it('keeps the auth tables out of reach of every API role', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(
        runAs(stack.db, { role, claims: {}, method: 'GET', path: '/' }, (tx) =>
          tx.query('select email from auth.users'),
        ),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('admin users', () => {
  it('creates, reads, updates, bans and deletes a user', async () => {
    const admin = adminClient(stack);
    const email = uniqueEmail('admin');
    const created = await admin.auth.admin.createUser({
      email,
      password: strongPassword,
      email_confirm: true,
      app_metadata: { plan: 'pro' },
      user_metadata: { name: 'Grace' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email,
      app_metadata: { provider: 'email', plan: 'pro' },
      user_metadata: { name: 'Grace' },
    });
    expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email);

    const updated = await admin.auth.admin.updateUserById(id, {
      app_metadata: { plan: 'team' },
      user_metadata: { team: 'x' },
    });
    expect(updated.data.user).toMatchObject({
      app_metadata: { plan: 'team', provider: 'email' },
      user_metadata: { name: 'Grace', team: 'x' },
    });
    const client = anonClient(stack);
    const signIn = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect(signIn.data.session?.user.app_metadata['plan']).toBe('team');

    await admin.auth.admin.updateUserById(id, { ban_duration: '24h' });
    const banned = await anonClient(stack).auth.signInWithPassword({ email, password: strongPassword });
    expect(banned.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refresh = await client.auth.refreshSession();
    expect(refresh.error).toMatchObject({ code: 'user_banned' });
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect(
      (await anonClient(stack).auth.signInWithPassword({ email, password: strongPassword })).error,
    ).toBeNull();

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const stale = await anonClient(stack).auth.getUser(signIn.data.session!.access_token);
    expect(stale.error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  it('refuses a taken address with email_exists', async () => {
    const { email } = await signedInUser(stack);
    const again = await adminClient(stack).auth.admin.createUser({ email, password: strongPassword });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('pages the user list with a total and next/last pages', async () => {
    const admin = adminClient(stack);
    for (let i = 0; i < 3; i++) await admin.auth.admin.createUser({ email: uniqueEmail('page') });
    const first = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ nextPage: 2, aud: 'authenticated' });
    expect((first.data as { total?: number }).total).toBeGreaterThanOrEqual(3);
    const second = await admin.auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0]!.id);
  });
});

describe('generated links and invitations', () => {
  it('generates sign-up, magic-link and recovery links whose hash and code verify', async () => {
    const admin = adminClient(stack);
    const email = uniqueEmail('link');
    const signup = await admin.auth.admin.generateLink({ type: 'signup', email, password: strongPassword });
    expect(signup.error).toBeNull();
    expect(signup.data.properties).toMatchObject({
      verification_type: 'signup',
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    expect(signup.data.properties!.action_link).toContain(
      `/auth/v1/verify?token=${signup.data.properties!.hashed_token}&type=signup`,
    );
    const verified = await anonClient(stack).auth.verifyOtp({
      token_hash: signup.data.properties!.hashed_token,
      type: 'signup',
    });
    expect(verified.error).toBeNull();

    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    const location = await followLink(magic.data.properties!.action_link);
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();
    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email });
    const byCode = await anonClient(stack).auth.verifyOtp({
      email,
      token: recovery.data.properties!.email_otp,
      type: 'recovery',
    });
    expect(byCode.error).toBeNull();
    const unknown = await admin.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('generates both halves of an e-mail change', async () => {
    const { email } = await signedInUser(stack);
    const admin = adminClient(stack);
    const next = uniqueEmail('moved');
    const current = await admin.auth.admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail: next,
    });
    expect(current.data.properties?.verification_type).toBe('email_change');
    const fresh = await admin.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: next });
    await anonClient(stack).auth.verifyOtp({
      token_hash: current.data.properties!.hashed_token,
      type: 'email_change',
    });
    const done = await anonClient(stack).auth.verifyOtp({
      token_hash: fresh.data.properties!.hashed_token,
      type: 'email_change',
    });
    expect(done.data.user?.email).toBe(next);
  });

  it('invites by e-mail with a link that signs the user in', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await adminClient(stack).auth.admin.inviteUserByEmail(email, {
      data: { role: 'reviewer' },
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const message = await lastMail(stack, email, 'invite');
    expect(codeIn(message)).toMatch(/^\d{6}$/);
    const location = await followLink(linkIn(message));
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const again = await adminClient(stack).auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
