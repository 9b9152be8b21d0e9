import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { DEMO_ACCOUNTS } from '../../../supabase/seed/demo-accounts.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('demo accounts from the seed', () => {
  it.each(DEMO_ACCOUNTS)('$email signs in with its printed password and holds its role', async (account) => {
    const client = clientFor(stack);
    const { data, error } = await client.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(account.id);
    const roles = await client.from('user_roles').select('role').eq('user_id', account.id);
    expect(roles.data?.map((r) => r.role)).toEqual(account.role ? [account.role] : []);
  });

  it('gives the demo applicant a profile that applications can reuse', async () => {
    const applicant = DEMO_ACCOUNTS[0]!;
    const client = clientFor(stack);
    await client.auth.signInWithPassword({ email: applicant.email, password: applicant.password });
    const { data } = await client.from('profiles').select('full_name, nationality, test_scores').single();
    expect(data).toEqual({
      full_name: applicant.fullName,
      nationality: 'NG',
      test_scores: [{ test: 'ielts', score: 7, taken_on: '2026-06-20' }],
    });
  });

  it('refuses a wrong password for a demo account', async () => {
    const { error } = await clientFor(stack).auth.signInWithPassword({
      email: DEMO_ACCOUNTS[1]!.email,
      password: 'not-the-demo-password',
    });
    expect(error?.code).toBe('invalid_credentials');
  });
});
