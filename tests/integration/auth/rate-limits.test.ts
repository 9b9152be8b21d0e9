import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { adminClient, startAuthStack, strongPassword, uniqueEmail } from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack({
    rate_limit: {
      email_sent: 3,
      sign_in_sign_ups: 5,
      token_verifications: 3,
      token_refresh: 6,
      trust_forwarded_for: true,
    },
  });
});
afterAll(() => stack.stop());

/** A client whose requests appear to come from `ip` (the stack trusts X-Forwarded-For here). */
const from = (ip: string) =>
  createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': ip } },
  });

describe('rate limits from [auth.rate_limit]', () => {
  it('stops e-mail once the hourly budget is spent', async () => {
    const client = from('10.0.0.1');
    for (let i = 0; i < 3; i++)
      expect((await client.auth.signInWithOtp({ email: uniqueEmail('budget') })).error).toBeNull();
    const over = await client.auth.signInWithOtp({ email: uniqueEmail('budget') });
    expect(over.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('limits sign-in and sign-up requests per address', async () => {
    const client = from('10.0.0.2');
    for (let i = 0; i < 5; i++)
      expect((await client.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
    const over = await client.auth.resetPasswordForEmail(uniqueEmail('ghost'));
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect((await from('10.0.0.20').auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
  });

  it('limits verification attempts per address', async () => {
    const client = from('10.0.0.3');
    const attempt = () =>
      client.auth.verifyOtp({ email: 'someone@example.com', token: '123456', type: 'email' });
    for (let i = 0; i < 3; i++) expect((await attempt()).error).toMatchObject({ code: 'otp_expired' });
    expect((await attempt()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits token requests per address', async () => {
    const client = from('10.0.0.4');
    // auth-js remembers a failed refresh per token, so every attempt uses a different one.
    let n = 0;
    const attempt = () => client.auth.refreshSession({ refresh_token: `unknowntoken${n++}` });
    for (let i = 0; i < 6; i++)
      expect((await attempt()).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await attempt()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('never locks an account for wrong passwords from other addresses: only each address is limited, as GoTrue does', async () => {
    const email = uniqueEmail('target');
    await adminClient(stack).auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    for (let i = 1; i <= 12; i++) {
      const { error } = await from(`10.1.0.${i}`).auth.signInWithPassword({
        email,
        password: `guess number ${i} here`,
      });
      expect(error).toMatchObject({ code: 'invalid_credentials' });
    }
    const owner = await from('10.1.0.99').auth.signInWithPassword({ email, password: strongPassword });
    expect(owner.error).toBeNull();
  });
});
