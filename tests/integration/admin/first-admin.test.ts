import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { person } from '../applications/fixtures.ts';
import { DENIED } from './support.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack();
  // A fresh installation: the seeded demo administrator is not there.
  await stack.db.query(`delete from public.user_roles where role = 'admin'`);
});
afterAll(() => stack.stop());

async function account(): Promise<string> {
  const created = await clientFor(stack, stack.serviceRoleKey).auth.admin.createUser({
    email: `${randomUUID().slice(0, 8)}@example.test`,
    password: 'a-long-test-passphrase-42',
    email_confirm: true,
  });
  if (created.error) throw created.error;
  return created.data.user.id;
}

async function admins(): Promise<string[]> {
  const { rows } = await stack.db.query<{ user_id: string }>(
    `select user_id from public.user_roles where role = 'admin'`,
  );
  return rows.map((row) => row.user_id);
}

describe('claiming the first administrator', () => {
  it('is for the server only, never for a visitor or a signed-in user', async () => {
    const claimant = await person(stack);
    const byVisitor = await clientFor(stack).rpc('claim_first_admin', { claimant: claimant.id });
    const bySelf = await claimant.client.rpc('claim_first_admin', { claimant: claimant.id });
    expect([byVisitor.error?.code, bySelf.error?.code]).toEqual([DENIED, DENIED]);
    expect(await admins()).toEqual([]);
    expect((await clientFor(stack).rpc('admin_exists')).data).toBe(false);
  });

  it('two simultaneous claims make exactly one administrator', async () => {
    const service = clientFor(stack, stack.serviceRoleKey);
    for (let round = 0; round < 3; round += 1) {
      await stack.db.query(`delete from public.user_roles where role = 'admin'`);
      const [first, second] = [await account(), await account()];
      const answers = await Promise.all([
        service.rpc('claim_first_admin', { claimant: first }),
        service.rpc('claim_first_admin', { claimant: second }),
      ]);
      expect(answers.map((answer) => answer.error)).toEqual([null, null]);
      const won = answers.map((answer) => answer.data as boolean);
      expect([...won].sort()).toEqual([false, true]);
      const winner = won[0] ? first : second;
      expect(await admins()).toEqual([winner]);

      const { rows } = await stack.db.query<{ actor: string; after: { role: string } }>(
        `select actor, after from public.audit_log where entity = 'user_roles' and entity_id in ($1, $2)`,
        [first, second],
      );
      expect(rows).toEqual([{ actor: winner, after: expect.objectContaining({ role: 'admin' }) }]);
    }
  });

  it('is refused once setup is done, whoever asks next', async () => {
    const late = await account();
    const service = clientFor(stack, stack.serviceRoleKey);
    expect((await service.rpc('claim_first_admin', { claimant: late })).data).toBe(false);
    expect((await clientFor(stack).rpc('admin_exists')).data).toBe(true);
    expect(await admins()).toHaveLength(1);
  });
});
