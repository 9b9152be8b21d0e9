import { createClient } from '@supabase/supabase-js';
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
  uniqueEmail,
  uniquePhone,
} from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(() => stack.stop());

const pkceClient = () =>
  createClient(stack.url, stack.anonKey, {
    auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
const amrOf = (token: string) =>
  (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      amr: { method: string }[];
    }
  ).amr.map((entry) => entry.method);

describe('magic link and e-mail code', () => {
  it('signs a known user in through the link, with the session in the fragment', async () => {
    const { email } = await signedInUser(stack);
    const { error } = await anonClient(stack).auth.signInWithOtp({ email });
    expect(error).toBeNull();
    const message = await lastMail(stack, email, 'magic_link');
    const location = await followLink(linkIn(message));
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    expect(amrOf(fragment.get('access_token') ?? '')).toEqual(['magiclink']);
    const again = await followLink(linkIn(message));
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('signs in with the 6-digit code (type email) and creates the user when allowed', async () => {
    const email = uniqueEmail('otp-new');
    const client = anonClient(stack);
    expect(
      (await client.auth.signInWithOtp({ email, options: { data: { locale: 'en' } } })).error,
    ).toBeNull();
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeIn(await lastMail(stack, email)),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { locale: 'en' } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('refuses to create a user when shouldCreateUser is false', async () => {
    const { error } = await anonClient(stack).auth.signInWithOtp({
      email: uniqueEmail('nobody'),
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });

  it('refuses a wrong code and a wrong token hash with otp_expired', async () => {
    const { email } = await signedInUser(stack);
    await anonClient(stack).auth.signInWithOtp({ email });
    const code = codeIn(await lastMail(stack, email, 'magic_link'));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const byCode = await anonClient(stack).auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(byCode.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const byHash = await anonClient(stack).auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'magiclink' });
    expect(byHash.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('redirects a broken link to the site with error, error_code and error_description', async () => {
    const location = await followLink(
      `${stack.url}/auth/v1/verify?token=${'0'.repeat(56)}&type=signup&redirect_to=http://localhost:4321/cb`,
    );
    expect(location.origin + location.pathname).toBe('http://localhost:4321/cb');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });
});

describe('PKCE', () => {
  it('redirects with ?code= and exchanges it with the stored verifier', async () => {
    const { email } = await signedInUser(stack);
    const client = pkceClient();
    await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://localhost:4321/auth/callback' },
    });
    const location = await followLink(linkIn(await lastMail(stack, email, 'magic_link')));
    expect(location.pathname).toBe('/auth/callback');
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code') ?? '';
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const replay = await client.auth.exchangeCodeForSession(code);
    expect(replay.error).not.toBeNull();
  });

  it('refuses an auth code with the wrong verifier', async () => {
    const email = uniqueEmail('pkce-signup');
    const client = pkceClient();
    await client.auth.signUp({ email, password: 'correct horse battery staple' });
    const location = await followLink(linkIn(await lastMail(stack, email, 'confirmation')));
    const code = location.searchParams.get('code') ?? '';
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('bad_code_verifier');
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
  });
});

describe('phone OTP', () => {
  it('texts a code that signs the user in', async () => {
    const phone = uniquePhone();
    const client = anonClient(stack);
    const sent = await client.auth.signInWithOtp({ phone: `+${phone}` });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toEqual(expect.any(String));
    const message = await lastMail(stack, phone);
    expect(message.channel).toBe('sms');
    const { data, error } = await client.auth.verifyOtp({
      phone: `+${phone}`,
      token: codeIn(message),
      type: 'sms',
    });
    expect(error).toBeNull();
    expect(data.session?.user.phone).toBe(phone);
  });
});

describe('password recovery', () => {
  it('answers the same for unknown addresses and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    expect((await anonClient(stack).auth.resetPasswordForEmail(email)).error).toBeNull();
    await expect(lastMail(stack, email)).rejects.toThrow();
  });

  it('signs in with amr recovery and lets the user set a new password without a nonce', async () => {
    const { email } = await signedInUser(stack);
    expect((await anonClient(stack).auth.resetPasswordForEmail(email)).error).toBeNull();
    const location = await followLink(linkIn(await lastMail(stack, email, 'recovery')));
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const client = anonClient(stack);
    await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    const newPassword = 'a brand new passphrase';
    expect((await client.auth.updateUser({ password: newPassword })).error).toBeNull();
    expect(
      (await anonClient(stack).auth.signInWithPassword({ email, password: newPassword })).error,
    ).toBeNull();
  });
});
