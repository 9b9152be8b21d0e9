import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { setupTokenDigest } from '../../../src/features/admin/setup-token-digest.ts';
import { announceSetupToken } from '../../../src/server/setup-token.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import {
  anon,
  attempt,
  count,
  createUser,
  service as serviceRole,
  user,
} from '../catalogue/catalogue-helpers.ts';

let stack: RunningStack;
let service: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack();
  service = clientFor(stack, stack.serviceRoleKey);
  await stack.db.query("delete from public.user_roles where role = 'admin'");
});
afterAll(() => stack.stop());

/** Starts one app server's announcement with its own environment and returns what it printed. */
async function announce(): Promise<string> {
  const printed = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  try {
    await announceSetupToken({ SUPABASE_URL: stack.url, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey });
    return printed.mock.calls.map((call) => call.join(' ')).join('\n');
  } finally {
    printed.mockRestore();
  }
}

const printedToken = (output: string) => /administrator setup token: (\S+) \(/.exec(output)?.[1];
const accepted = async (token: string) =>
  (await service.rpc('setup_token_matches', { token_digest: setupTokenDigest(token) })).data as boolean;

describe('the first-administrator setup token without SETUP_ADMIN_TOKEN', () => {
  it('is one token for every app server: the first prints it, the others say it stands', async () => {
    const first = printedToken(await announce());
    expect(first).toMatch(/^[\w-]{24}$/);
    const second = await announce();
    expect(printedToken(second)).toBeUndefined();
    expect(second).toContain('printed by another server within the hour');
    expect(await accepted(first ?? '')).toBe(true);
    expect(await accepted(`${first}x`)).toBe(false);
    expect(await count(stack.db, serviceRole, 'public.admin_setup_token')).toBe(1);
  });

  it('is replaced by a server starting an hour later, and the old one stops working', async () => {
    const old = (await stack.db.query<{ digest: string }>('select digest from public.admin_setup_token'))
      .rows[0];
    await stack.db.query("update public.admin_setup_token set created_at = now() - interval '2 hours'");
    const fresh = printedToken(await announce());
    expect(fresh).toBeDefined();
    expect(await accepted(fresh ?? '')).toBe(true);
    const { data } = await service.rpc('setup_token_matches', { token_digest: old?.digest ?? '' });
    expect(data).toBe(false);
  });

  it('is neither shown nor kept to people, and goes once an administrator exists', async () => {
    const someone = user(await createUser(stack.db));
    for (const caller of [anon, someone]) {
      expect(await attempt(stack.db, caller, 'select * from public.admin_setup_token')).toEqual({
        code: '42501',
      });
      expect(await attempt(stack.db, caller, "select public.setup_token_matches('x')")).toEqual({
        code: '42501',
      });
      expect(await attempt(stack.db, caller, `select public.offer_setup_token('${'a'.repeat(64)}')`)).toEqual(
        {
          code: '42501',
        },
      );
    }
    await stack.db.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [
      someone.role === 'authenticated' ? someone.sub : '',
    ]);
    const output = await announce();
    expect(printedToken(output)).toBeUndefined();
    expect(output).toContain('not needed (an administrator exists)');
    expect(await count(stack.db, serviceRole, 'public.admin_setup_token')).toBe(0);
  });
});
