import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { anon, attempt, count, createUser, service, user } from '../catalogue/catalogue-helpers.ts';

let stack: RunningStack;
// Two app servers hold two clients with the service-role key; the counts they see are the database's.
let serverA: SupabaseClient;
let serverB: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack();
  serverA = clientFor(stack, stack.serviceRoleKey);
  serverB = clientFor(stack, stack.serviceRoleKey);
});
afterAll(() => stack.stop());

async function take(client: SupabaseClient, subject: string, max = 3, windowSeconds = 300) {
  const { data, error } = await client.rpc('take_rate_limit', {
    bucket: 'auth',
    subject,
    max_hits: max,
    window_seconds: windowSeconds,
  });
  if (error) throw new Error(error.message);
  const [row] = data as { allowed: boolean; retry_after_seconds: number }[];
  return row;
}

describe('a rate limit shared by every app server', () => {
  it('counts attempts on any server against one window', async () => {
    const seen = [
      await take(serverA, 'address-1'),
      await take(serverB, 'address-1'),
      await take(serverA, 'address-1'),
      await take(serverB, 'address-1'),
    ].map((row) => row?.allowed);
    expect(seen).toEqual([true, true, true, false]);
    expect((await take(serverA, 'address-2'))?.allowed).toBe(true);
    const refused = await take(serverB, 'address-1');
    expect(refused?.retry_after_seconds).toBeGreaterThan(290);
    expect(refused?.retry_after_seconds).toBeLessThanOrEqual(300);
  });

  it('allows exactly the limit when attempts arrive at once', async () => {
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => take(i % 2 ? serverA : serverB, 'address-burst', 5)),
    );
    expect(rows.filter((row) => row?.allowed)).toHaveLength(5);
  });

  it('opens a new window once the old one has ended, and forgets windows a day old', async () => {
    await stack.db.query(
      "update public.rate_limit_windows set window_start = now() - interval '2 days' where subject = 'address-1'",
    );
    expect((await take(serverA, 'address-1'))?.allowed).toBe(true);
    await stack.db.query(
      "update public.rate_limit_windows set window_start = now() - interval '2 days' where subject = 'address-2'",
    );
    const { data } = await serverA.rpc('forget_rate_limits');
    expect(data).toBe(1);
    expect(await count(stack.db, service, "public.rate_limit_windows where subject = 'address-2'")).toBe(0);
  });

  it('is out of reach of visitors and signed-in people, who could otherwise use up someone else’s window', async () => {
    const someone = user(await createUser(stack.db));
    for (const caller of [anon, someone]) {
      expect(
        await attempt(stack.db, caller, "select * from public.take_rate_limit('auth', 'address-3', 1, 60)"),
      ).toEqual({
        code: '42501',
      });
      expect(await attempt(stack.db, caller, 'select * from public.rate_limit_windows')).toEqual({
        code: '42501',
      });
      expect(await attempt(stack.db, caller, 'select public.forget_rate_limits()')).toEqual({
        code: '42501',
      });
    }
    const { error } = await clientFor(stack).rpc('take_rate_limit', {
      bucket: 'auth',
      subject: 'address-3',
      max_hits: 1,
      window_seconds: 60,
    });
    expect(error?.code).toBe('42501');
    expect(await count(stack.db, service, "public.rate_limit_windows where subject = 'address-3'")).toBe(0);
  });
});
