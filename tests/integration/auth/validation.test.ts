import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { adminClient, signedInUser, startAuthStack, uniqueEmail } from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(() => stack.stop());

const badPhone = {
  status: 400,
  code: 'validation_failed',
  message: 'Invalid phone number format (E.164 required)',
};

describe('auth.admin.listUsers pagination', () => {
  it.each([
    [{ page: -1 }, 'parsing "-1": invalid syntax'],
    [{ page: 1.5 }, 'parsing "1.5": invalid syntax'],
    [{ page: 1, perPage: -10 }, 'parsing "-10": invalid syntax'],
  ])('listUsers(%o) is 400 validation_failed', async (params, detail) => {
    const { data, error } = await adminClient(stack).auth.admin.listUsers(params);
    expect(data.users).toEqual([]);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: `Bad Pagination Parameters: strconv.ParseUint: ${detail}`,
    });
  });

  it('listUsers() without parameters and with { page: 2, perPage: 1 } still pages', async () => {
    const admin = adminClient(stack).auth.admin;
    await admin.createUser({ email: uniqueEmail('p1') });
    await admin.createUser({ email: uniqueEmail('p2') });
    expect((await admin.listUsers()).error).toBeNull();
    const { data, error } = await admin.listUsers({ page: 2, perPage: 1 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(1);
  });
});

describe('phone numbers (GoTrue strips a leading + and spaces, then requires E.164 digits)', () => {
  it('accepts "+44 7911 123456" and stores the digits', async () => {
    const { data, error } = await adminClient(stack).auth.admin.createUser({ phone: '+44 7911 123456' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe('447911123456');
  });

  it.each([
    '+1 (555) 123-4567',
    '0044 7911 123457',
    '+44-7911-123458',
    'phone 447911123459',
    '+1234567890123456',
  ])('refuses %s as 400 validation_failed', async (phone) => {
    const { error } = await adminClient(stack).auth.admin.createUser({ phone });
    expect(error).toMatchObject(badPhone);
  });

  it('updateUser({ phone }) refuses a malformed number the same way', async () => {
    const { client } = await signedInUser(stack);
    const { error } = await client.auth.updateUser({ phone: '(555) 123-4567' });
    expect(error).toMatchObject(badPhone);
  });
});
