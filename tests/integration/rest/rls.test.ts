import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectResult, tracedClient, type Traced } from './client.ts';
import { alice, bob, fixtureSql, userToken } from './fixture.ts';

let stack: RunningStack;
const as: Record<'anon' | 'alice' | 'bob' | 'service', Traced> = {} as never;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(fixtureSql);
  as.anon = tracedClient(stack);
  as.alice = tracedClient(stack, { token: await userToken(stack, alice) });
  as.bob = tracedClient(stack, { token: await userToken(stack, bob) });
  as.service = tracedClient(stack, { key: stack.serviceRoleKey });
});
afterAll(() => stack.stop());

const bodies = async (owner: string) =>
  (
    await stack.db.query<{ body: string }>('select body from public.rt_notes where owner = $1 order by id', [
      owner,
    ])
  ).rows.map((r) => r.body);
const rlsError = {
  code: '42501',
  message: 'new row violates row-level security policy for table "rt_notes"',
  details: null,
  hint: null,
};

describe('row-level security through the REST API', () => {
  it("from('rt_notes').select('body', { count: 'exact' }) counts only the rows each caller may see", async () => {
    const counts: Record<string, number | null> = {};
    for (const who of ['anon', 'alice', 'bob', 'service'] as const) {
      counts[who] = (await as[who].db.from('rt_notes').select('body', { count: 'exact' })).count;
    }
    expect(counts).toEqual({ anon: 0, alice: 2, bob: 1, service: 3 });
  });

  it("from('rt_notes').select('body').order('id') as alice returns her notes only", async () => {
    expectResult(as.alice, await as.alice.db.from('rt_notes').select('body').order('id'), {
      status: 200,
      data: [{ body: 'alice one' }, { body: 'alice two' }],
    });
  });

  it("from('rt_notes').insert({ body: 'hi' }) as anon", async () => {
    expectResult(as.anon, await as.anon.db.from('rt_notes').insert({ owner: alice, body: 'hi' }), {
      status: 401,
      error: rlsError,
      headers: { 'www-authenticate': 'Bearer' },
    });
  });

  it("from('rt_notes').insert({ owner: bob, body: 'forged' }) as alice", async () => {
    expectResult(as.alice, await as.alice.db.from('rt_notes').insert({ owner: bob, body: 'forged' }), {
      status: 403,
      error: rlsError,
    });
    expect(await bodies(bob)).toEqual(['bob one']);
  });

  it("from('rt_notes').insert({ body: 'alice three' }).select('body, owner') as alice takes auth.uid() as the owner", async () => {
    expectResult(
      as.alice,
      await as.alice.db.from('rt_notes').insert({ body: 'alice three' }).select('body, owner'),
      {
        status: 201,
        data: [{ body: 'alice three', owner: alice }],
      },
    );
  });

  it("from('rt_notes').insert({ owner: bob, body: 'from service' }) as the service role", async () => {
    expectResult(
      as.service,
      await as.service.db.from('rt_notes').insert({ owner: bob, body: 'from service' }),
      { status: 201, data: null },
    );
    expect(await bodies(bob)).toEqual(['bob one', 'from service']);
  });

  it("from('rt_notes').update({ pinned: true }, { count: 'exact' }).eq('owner', bob) as alice changes nothing", async () => {
    expectResult(
      as.alice,
      await as.alice.db
        .from('rt_notes')
        .update({ pinned: true }, { count: 'exact' })
        .eq('owner', bob)
        .select('body'),
      {
        status: 200,
        data: [],
        count: 0,
      },
    );
    const pinned = await stack.db.query(
      'select count(*)::int as n from public.rt_notes where owner = $1 and pinned',
      [bob],
    );
    expect(pinned.rows).toEqual([{ n: 0 }]);
  });

  it("from('rt_notes').update({ body: 'edited' }, { count: 'exact' }).neq('id', 0) as anon, bob and the service role", async () => {
    const affected: Record<string, number | null> = {};
    for (const who of ['anon', 'bob', 'service'] as const) {
      affected[who] = (
        await as[who].db.from('rt_notes').update({ pinned: false }, { count: 'exact' }).neq('id', 0)
      ).count;
    }
    expect(affected).toEqual({ anon: 0, bob: 2, service: 5 });
  });

  it("from('rt_notes').delete({ count: 'exact' }) counts only deletable rows for each caller", async () => {
    const deleted: Record<string, number | null> = {};
    deleted['anon'] = (await as.anon.db.from('rt_notes').delete({ count: 'exact' }).neq('id', 0)).count;
    deleted['alice on bob'] = (
      await as.alice.db.from('rt_notes').delete({ count: 'exact' }).eq('owner', bob)
    ).count;
    deleted['bob'] = (
      await as.bob.db.from('rt_notes').delete({ count: 'exact' }).eq('body', 'bob one')
    ).count;
    deleted['service'] = (
      await as.service.db.from('rt_notes').delete({ count: 'exact' }).eq('body', 'alice two')
    ).count;
    expect(deleted).toEqual({ anon: 0, 'alice on bob': 0, bob: 1, service: 1 });
    expect(await bodies(alice)).toEqual(['alice one', 'alice three']);
    expect(await bodies(bob)).toEqual(['from service']);
  });
});
