import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectResult, tracedClient, type Case, type Traced } from './client.ts';
import { fidelitySql } from './fidelity-fixture.ts';
import { fixtureSql } from './fixture.ts';

let stack: RunningStack;
let anon: Traced;
/** The stack's clock, moved on by hand instead of waiting for real seconds to pass. */
let now = Date.now();
beforeAll(async () => {
  stack = await startTestStack({ clock: () => now });
  await stack.db.exec(`${fixtureSql}${fidelitySql}`);
  anon = tracedClient(stack);
});
afterAll(() => stack.stop());

/** PostgREST reads `pgrst.*` role settings of the authenticator; the stack re-reads them within a second. */
async function setConfig(sql: string): Promise<void> {
  await stack.db.exec(sql);
  now += 1100;
}

const labelIds = async () =>
  ((await anon.db.from('rt_labels').select('id').gte('id', 100).order('id')).data ?? []).map(
    (row: { id: number }) => row.id,
  );

const embedding: Case[] = [
  [
    "from('rt_countries').select('name, rt_cities(count)') counts with the legacy count, aggregates off",
    (db) => db.from('rt_countries').select('name, rt_cities(count)').in('id', [1, 4]).order('id'),
    {
      status: 200,
      data: [
        { name: 'France', rt_cities: [{ count: 2 }] },
        { name: 'Atlantis', rt_cities: [{ count: 0 }] },
      ],
    },
  ],
  [
    "from('rt_cities').select('count') counts the rows",
    (db) => db.from('rt_cities').select('count'),
    { status: 200, data: [{ count: 6 }] },
  ],
  [
    "from('rt_countries').select('name, fx_big_cities(name)') embeds through a function of the row",
    (db) =>
      db
        .from('rt_countries')
        .select('name, fx_big_cities(name)')
        .lte('id', 3)
        .order('id')
        .order('id', { referencedTable: 'fx_big_cities' }),
    {
      status: 200,
      data: [
        { name: 'France', fx_big_cities: [] },
        { name: 'Japan', fx_big_cities: [{ name: 'Tokyo' }, { name: 'Osaka' }] },
        { name: 'Canada', fx_big_cities: [{ name: 'Toronto' }] },
      ],
    },
  ],
  [
    "from('fx_staff').select('name, manager:fx_manager(name), reports:fx_reports(name)') walks a self-reference both ways",
    (db) =>
      db
        .from('fx_staff')
        .select('name, manager:fx_manager(name), reports:fx_reports(name)')
        .order('id')
        .order('id', { referencedTable: 'reports' }),
    {
      status: 200,
      data: [
        { name: 'Ada', manager: null, reports: [{ name: 'Ben' }, { name: 'Cy' }] },
        { name: 'Ben', manager: { name: 'Ada' }, reports: [{ name: 'Di' }] },
        { name: 'Cy', manager: { name: 'Ada' }, reports: [] },
        { name: 'Di', manager: { name: 'Ben' }, reports: [] },
      ],
    },
  ],
  [
    "from('fx_staff').select('name, manager_id(name)') embeds the parent by its foreign-key column",
    (db) => db.from('fx_staff').select('name, manager_id(name)').eq('id', 4),
    { status: 200, data: [{ name: 'Di', manager_id: { name: 'Ben' } }] },
  ],
  [
    "from('fx_orders').select('id, city:rt_cities!fx_orders_city_fkey(name)') embeds by constraint name",
    (db) => db.from('fx_orders').select('id, city:rt_cities!fx_orders_city_fkey(name)').eq('id', 3),
    { status: 200, data: [{ id: 3, city: { name: 'Tokyo' } }] },
  ],
  [
    "from('fx_city_list').select('name, rt_countries(code)') embeds through a view's foreign-key column",
    (db) => db.from('fx_city_list').select('name, rt_countries(code)').eq('id', 1),
    { status: 200, data: [{ name: 'Paris', rt_countries: { code: 'FR' } }] },
  ],
  [
    "from('rt_countries').select('name, fx_city_list(name)') embeds a view as the to-many side",
    (db) =>
      db
        .from('rt_countries')
        .select('name, fx_city_list(name)')
        .eq('id', 3)
        .order('id', { referencedTable: 'fx_city_list' }),
    { status: 200, data: [{ name: 'Canada', fx_city_list: [{ name: 'Montreal' }, { name: 'Toronto' }] }] },
  ],
  [
    "from('rt_countries').select('name, ...rt_cities(city:name)') spreads a to-many embed into arrays",
    (db) =>
      db
        .from('rt_countries')
        .select('name, ...rt_cities(city:name, id)')
        .in('id', [3, 4])
        .order('id')
        .order('id', { referencedTable: 'rt_cities' }),
    {
      status: 200,
      data: [
        { name: 'Canada', city: ['Montreal', 'Toronto'], id: [5, 6] },
        { name: 'Atlantis', city: [], id: [] },
      ],
    },
  ],
];

const rpc: Case[] = [
  [
    "rpc('fx_greet', { name }) picks the overload whose parameters are named",
    (db) => db.rpc('fx_greet', { name: 'Ada' }),
    { status: 200, data: 'Hello Ada' },
  ],
  [
    "rpc('fx_greet', { first, last }) picks the two-parameter overload",
    (db) => db.rpc('fx_greet', { first: 'Ada', last: 'Lovelace' }),
    { status: 200, data: 'Hello Ada Lovelace' },
  ],
  [
    "rpc('rt_cities_of', { country: 1 }, { count: 'exact' }) counts the set",
    (db) => db.rpc('rt_cities_of', { country: 1 }, { count: 'exact' }).select('name').order('id'),
    {
      status: 200,
      data: [{ name: 'Paris' }, { name: 'Lyon' }],
      count: 2,
      headers: { 'content-range': '0-1/2' },
    },
  ],
  [
    "rpc('fx_numbers', undefined, { count: 'exact' }).limit(2) counts a set of scalars",
    (db) => db.rpc('fx_numbers', undefined, { count: 'exact' }).limit(2),
    { status: 206, data: [1, 2], count: 5, headers: { 'content-range': '0-1/5' } },
  ],
  [
    "rpc('rt_add', { a: 1, b: 2 }).maxAffected(1) needs a set-returning function",
    (db) => db.rpc('rt_add', { a: 1, b: 2 }).maxAffected(1),
    {
      status: 400,
      error: {
        code: 'PGRST128',
        message:
          'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        details: null,
        hint: null,
      },
    },
  ],
  [
    "from('rt_cities').select().explain() while db-plan-enabled is off",
    (db) => db.from('rt_cities').select().explain(),
    { status: 406, error: expect.objectContaining({ code: 'PGRST107' }) as unknown },
  ],
];

describe('PostgREST features, hosted defaults', () => {
  for (const [name, run, expected] of [...embedding, ...rpc]) {
    it(name, async () => expectResult(anon, await run(anon.db), expected));
  }

  it("from('fx_staff').select('name, fx_staff(name)') is ambiguous on a self-reference", async () => {
    const { status, error } = await anon.db.from('fx_staff').select('name, fx_staff(name)');
    expect({ status, code: error?.code, details: error?.details }).toEqual({
      status: 300,
      code: 'PGRST201',
      details: [
        expect.objectContaining({ cardinality: 'many-to-one' }),
        expect.objectContaining({ cardinality: 'one-to-many' }),
      ],
    });
  });

  it("from('rt_cities').select('id, id') repeats the key, as PostgREST's JSON does", async () => {
    const result = await anon.db.from('rt_cities').select('id, id').eq('id', 1);
    expectResult(anon, result, { status: 200, data: [{ id: 1 }] });
    expect(anon.last().text).toBe('[{"id":1,"id":1}]');
  });

  it("from('rt_countries').select('name, rt_cities(name), rt_cities(id)') names one embed twice", async () => {
    const result = await anon.db.from('rt_countries').select('name, rt_cities(name), rt_cities(id)');
    expectResult(anon, result, {
      status: 400,
      error: {
        code: '42712',
        message: 'table name "rt_countries_rt_cities_1" specified more than once',
        details: null,
        hint: null,
      },
    });
  });

  it("rpc('fx_pick', { a: 1 }) is ambiguous between overloads", async () => {
    const { status, error } = await anon.db.rpc('fx_pick', { a: 1 });
    expect({ status, code: error?.code }).toEqual({ status: 300, code: 'PGRST203' });
  });

  it("rpc('fx_counted') runs a stable function returning one value once per request", async () => {
    expectResult(anon, await anon.db.rpc('fx_counted'), { status: 200, data: 1 });
  });

  it("rpc('fx_remove_labels', { from_id: 100 }).maxAffected(2) refuses and keeps the rows", async () => {
    expectResult(anon, await anon.db.rpc('fx_remove_labels', { from_id: 100 }).maxAffected(2), {
      status: 400,
      error: {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 3 rows',
        hint: null,
      },
    });
    expect(await labelIds()).toEqual([100, 101, 102]);
  });

  it("rpc('fx_remove_labels', { from_id: 102 }).maxAffected(2) runs within the bound", async () => {
    expectResult(anon, await anon.db.rpc('fx_remove_labels', { from_id: 102 }).maxAffected(2), {
      status: 200,
      data: [{ id: 102, name: 'c' }],
      headers: { 'preference-applied': 'handling=strict, max-affected=2' },
    });
    expect(await labelIds()).toEqual([100, 101]);
  });

  it("rpc('fx_add_label', { label_id: 110 }).rollback() commits: db-tx-end is commit", async () => {
    expectResult(anon, await anon.db.rpc('fx_add_label', { label_id: 110 }).rollback(), {
      status: 200,
      data: 110,
      headers: { 'preference-applied': null },
    });
    expect(await labelIds()).toEqual([100, 101, 110]);
  });
});

describe('PostgREST features a project turns on in the database', () => {
  beforeAll(() =>
    setConfig(`alter role authenticator set pgrst.db_aggregates_enabled = 'true';
      alter role authenticator set pgrst.db_plan_enabled = 'true';
      alter role authenticator set pgrst.db_tx_end = 'commit-allow-override';`),
  );
  afterAll(() =>
    setConfig(`alter role authenticator reset pgrst.db_aggregates_enabled;
      alter role authenticator reset pgrst.db_plan_enabled;
      alter role authenticator reset pgrst.db_tx_end;`),
  );

  const cases: Case[] = [
    [
      "from('fx_orders').select('amount.sum(), count()') aggregates every row",
      (db) => db.from('fx_orders').select('amount.sum(), count()'),
      { status: 200, data: [{ sum: 42.75, count: 4 }] },
    ],
    [
      "from('fx_orders').select('placed, total:amount.sum(), orders:count()') groups by the other columns",
      (db) => db.from('fx_orders').select('placed, total:amount.sum(), orders:count()').order('placed'),
      {
        status: 200,
        data: [
          { placed: '2024-01-01', total: 22.75, orders: 3 },
          { placed: '2024-01-02', total: 20, orders: 1 },
        ],
      },
    ],
    [
      "from('fx_orders').select('amount.avg()::int, amount.max(), amount::int.min()') casts input and output",
      (db) => db.from('fx_orders').select('amount.avg()::int, amount.max(), amount::int.min()'),
      { status: 200, data: [{ avg: 11, max: 20, min: 5 }] },
    ],
    [
      "from('rt_cities').select('name, fx_orders(amount.sum())') aggregates within an embed",
      (db) => db.from('rt_cities').select('name, fx_orders(amount.sum())').in('id', [1, 2]).order('id'),
      {
        status: 200,
        data: [
          { name: 'Paris', fx_orders: [{ sum: 30.5 }] },
          { name: 'Lyon', fx_orders: [{ sum: null }] },
        ],
      },
    ],
  ];
  for (const [name, run, expected] of cases) {
    it(name, async () => expectResult(anon, await run(anon.db), expected));
  }

  it("from('rt_cities').select('name').explain() answers the plan as text", async () => {
    const { status, data } = await anon.db.from('rt_cities').select('name').explain();
    expect({ status, type: anon.last().headers.get('content-type') }).toEqual({
      status: 200,
      type: 'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
    });
    expect(data).toMatch(/Scan on rt_cities/);
  });

  it("from('rt_cities').select('name').explain({ format: 'json' }) answers the plan as JSON", async () => {
    const { status, data } = await anon.db.from('rt_cities').select('name').explain({ format: 'json' });
    expect({ status, plan: Array.isArray(data) && 'Plan' in (data[0] as object) }).toEqual({
      status: 200,
      plan: true,
    });
  });

  it("rpc('fx_add_label', { label_id: 111 }).rollback() rolls back when db-tx-end allows it", async () => {
    expectResult(anon, await anon.db.rpc('fx_add_label', { label_id: 111 }).rollback(), {
      status: 200,
      data: 111,
      headers: { 'preference-applied': 'tx=rollback' },
    });
    expect(await labelIds()).toEqual([100, 101, 110]);
  });
});
