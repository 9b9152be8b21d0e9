import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import {
  anonClient,
  codeIn,
  followLink,
  lastMail,
  linkIn,
  mailTo,
  startAuthStack,
  strongPassword,
  uniqueEmail,
  uniquePhone,
} from './harness.ts';

let stack: RunningStack;
/** The stack's clock: tests move it on instead of waiting. */
let elapsed = 0;
beforeAll(async () => {
  stack = await startAuthStack({}, () => Date.now() + elapsed);
});
afterAll(() => stack.stop());

describe('e-mail sign-up with confirmations on', () => {
  it('returns the user without a session and mails a working link and code', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient(stack).auth.signUp({
      email,
      password: strongPassword,
      options: { data: { full_name: 'Ada Lovelace' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Ada Lovelace' },
      role: 'authenticated',
    });
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user).not.toHaveProperty('email_confirmed_at');

    const message = await lastMail(stack, email, 'confirmation');
    expect(codeIn(message)).toMatch(/^\d{6}$/);
    const location = await followLink(linkIn(message));
    expect(location.origin).toBe('http://127.0.0.1:4321');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const client = anonClient(stack);
    const { data: user } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(user.user?.email_confirmed_at).toBeTruthy();
    expect(user.user?.user_metadata['email_verified']).toBe(true);
  });

  it('refuses password sign-in before confirmation, then accepts the 6-digit code', async () => {
    const email = uniqueEmail('code');
    const client = anonClient(stack);
    await client.auth.signUp({ email, password: strongPassword });
    const early = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
    const token = codeIn(await lastMail(stack, email, 'confirmation'));
    const { data, error } = await client.auth.verifyOtp({ email, token, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const again = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect(again.error).toBeNull();
  });

  it('hides an existing confirmed account behind an obfuscated user and sends nothing', async () => {
    const email = uniqueEmail('dup');
    const client = anonClient(stack);
    await client.auth.signUp({ email, password: strongPassword });
    await client.auth.verifyOtp({ email, token: codeIn(await lastMail(stack, email)), type: 'email' });
    const before = (await mailTo(stack, email)).length;
    const { data, error } = await client.auth.signUp({ email, password: 'another long passphrase' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.session).toBeNull();
    expect((await mailTo(stack, email)).length).toBe(before);
  });

  it('honours emailRedirectTo only when it is on the allow-list', async () => {
    const allowed = uniqueEmail('allowed');
    await anonClient(stack).auth.signUp({
      email: allowed,
      password: strongPassword,
      options: { emailRedirectTo: 'http://localhost:4321/welcome' },
    });
    expect(linkIn(await lastMail(stack, allowed))).toContain(
      encodeURIComponent('http://localhost:4321/welcome'),
    );
    const foreign = uniqueEmail('foreign');
    await anonClient(stack).auth.signUp({
      email: foreign,
      password: strongPassword,
      options: { emailRedirectTo: 'https://evil.example.net/steal' },
    });
    const link = linkIn(await lastMail(stack, foreign));
    expect(new URL(link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:4321');
  });
});

describe('password policy', () => {
  const attempt = (password: string) =>
    anonClient(stack).auth.signUp({ email: uniqueEmail('policy'), password });

  it('refuses short passwords with reason length and common ones with reason pwned', async () => {
    const short = await attempt('tiny pass');
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const common = await attempt('qwertyuiop');
    expect(common.error).toMatchObject({ code: 'weak_password', reasons: ['pwned'] });
    const both = await attempt('password');
    expect(both.error).toMatchObject({ code: 'weak_password', reasons: ['length', 'pwned'] });
  });

  it('accepts a long passphrase without composition rules, up to 72 bytes', async () => {
    expect((await attempt('a'.repeat(10) + ' lowercase words only')).error).toBeNull();
    expect((await attempt('x'.repeat(72))).error).toBeNull();
    const tooLong = await attempt('é'.repeat(37));
    expect(tooLong.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('requires a password and a valid address', async () => {
    const noPassword = await anonClient(stack).auth.signUp({ email: uniqueEmail(), password: '' });
    expect(noPassword.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const badEmail = await anonClient(stack).auth.signUp({
      email: 'not-an-address',
      password: strongPassword,
    });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('phone sign-up', () => {
  it('texts a code to the mailbox and confirms the phone with it', async () => {
    const phone = uniquePhone();
    const client = anonClient(stack);
    const { data, error } = await client.auth.signUp({ phone: `+${phone}`, password: strongPassword });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.phone).toBe(phone);
    const early = await client.auth.signInWithPassword({ phone: `+${phone}`, password: strongPassword });
    expect(early.error).toMatchObject({ code: 'phone_not_confirmed' });
    const message = await lastMail(stack, phone);
    expect(message).toMatchObject({ channel: 'sms', kind: 'sms_otp' });
    const verified = await client.auth.verifyOtp({ phone: `+${phone}`, token: codeIn(message), type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
    const signIn = await client.auth.signInWithPassword({ phone: `+${phone}`, password: strongPassword });
    expect(signIn.error).toBeNull();
  });
});

describe('resend', () => {
  it('mails a fresh confirmation for an unconfirmed address and answers {} for unknown ones', async () => {
    const email = uniqueEmail('resend');
    await anonClient(stack).auth.signUp({ email, password: strongPassword });
    // One confirmation a second (max_frequency): the next may go a second later.
    elapsed += 1100;
    const { error } = await anonClient(stack).auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const confirmations = (await mailTo(stack, email)).filter((m) => m.kind === 'confirmation');
    expect(confirmations).toHaveLength(2);
    const latest = codeIn(confirmations[0]!);
    const stale = codeIn(confirmations[1]!);
    if (stale !== latest) {
      const old = await anonClient(stack).auth.verifyOtp({ email, token: stale, type: 'signup' });
      expect(old.error).toMatchObject({ status: 403, code: 'otp_expired' });
    }
    const ok = await anonClient(stack).auth.verifyOtp({ email, token: latest, type: 'signup' });
    expect(ok.error).toBeNull();
    const unknown = await anonClient(stack).auth.resend({ type: 'signup', email: uniqueEmail('nobody') });
    expect(unknown.error).toBeNull();
  });

  it('refuses a resend inside the per-address window', async () => {
    const email = uniqueEmail('window');
    await anonClient(stack).auth.signUp({ email, password: strongPassword });
    const { error } = await anonClient(stack).auth.resend({ type: 'signup', email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('answers validation_failed when the address or type is missing', async () => {
    const response = await fetch(`${stack.url}/auth/v1/resend`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ type: 'signup' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'validation_failed',
      message: 'You must provide either an email or phone number and a type',
    });
  });
});
