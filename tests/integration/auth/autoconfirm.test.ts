import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import {
  anonClient,
  codeIn,
  lastMail,
  mailTo,
  startAuthStack,
  strongPassword,
  uniqueEmail,
  uniquePhone,
} from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack({
    enable_anonymous_sign_ins: true,
    enable_manual_linking: true,
    email: { enable_confirmations: false },
    sms: { enable_confirmations: false },
  });
});
afterAll(() => stack.stop());

describe('with confirmations off', () => {
  it('signs the new user in at once and mails nothing', async () => {
    const email = uniqueEmail('auto');
    const { data, error } = await anonClient(stack).auth.signUp({ email, password: strongPassword });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
    expect(await mailTo(stack, email)).toEqual([]);
  });

  it('answers user_already_exists to a second sign-up', async () => {
    const email = uniqueEmail('twice');
    await anonClient(stack).auth.signUp({ email, password: strongPassword });
    const { error } = await anonClient(stack).auth.signUp({ email, password: strongPassword });
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('reports the settings clients read', async () => {
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
      external: { anonymous_users: true },
    });
  });
});

describe('anonymous users and identities', () => {
  it('signs in anonymously with amr anonymous', async () => {
    const { data, error } = await anonClient(stack).auth.signInAnonymously({
      options: { data: { cart: 2 } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { cart: 2 } });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ is_anonymous: true, amr: [{ method: 'anonymous' }] });
  });

  it('unlinks one of two identities but never the last one', async () => {
    const phone = uniquePhone();
    const client = anonClient(stack);
    await client.auth.signUp({ phone: `+${phone}`, password: strongPassword });
    const email = uniqueEmail('linked');
    expect((await client.auth.updateUser({ email })).error).toBeNull();
    const code = codeIn(await lastMail(stack, email, 'email_change_new'));
    expect((await client.auth.verifyOtp({ email, token: code, type: 'email_change' })).error).toBeNull();
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities.map((i) => i.provider).sort()).toEqual(['email', 'phone']);
    const emailIdentity = data!.identities.find((i) => i.provider === 'email')!;
    expect((await client.auth.unlinkIdentity(emailIdentity)).error).toBeNull();
    const { data: left } = await client.auth.getUserIdentities();
    expect(left?.identities).toHaveLength(1);
    const last = await client.auth.unlinkIdentity(left!.identities[0]!);
    expect(last.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });
});
