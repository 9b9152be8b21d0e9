import { afterAll, beforeAll, describe, it } from 'vitest';
import { readConfig } from '../../../supabase/local/config.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectResult, tracedClient, type Expected, type Traced } from './client.ts';
import { fixtureSql } from './fixture.ts';

// max_rows = 1 makes the cap visible on the fixture, where every country has two cities.
let stack: RunningStack;
let service: Traced;
beforeAll(async () => {
  const config = readConfig(`${import.meta.dirname}/../../../supabase/config.toml`);
  stack = await startTestStack({ config: { ...config, api: { ...(config['api'] as object), max_rows: 1 } } });
  await stack.db.exec(`${fixtureSql}
    drop function if exists public.mr_numbers;
    create function public.mr_numbers() returns setof int language sql immutable as $$ select generate_series(1, 5) $$;`);
  service = tracedClient(stack, { key: stack.serviceRoleKey });
});
afterAll(() => stack.stop());

type Case = [
  name: string,
  run: (db: Traced['db']) => PromiseLike<Parameters<typeof expectResult>[1]>,
  Expected,
];

const cases: Case[] = [
  [
    "from('rt_cities').select('name').order('id') returns max_rows rows",
    (db) => db.from('rt_cities').select('name').order('id'),
    { status: 200, data: [{ name: 'Paris' }], headers: { 'content-range': '0-0/*' } },
  ],
  [
    "from('rt_cities').select('name').order('id').limit(5) cannot ask for more",
    (db) => db.from('rt_cities').select('name').order('id').limit(5),
    { status: 200, data: [{ name: 'Paris' }] },
  ],
  [
    "from('rt_cities').select('name', { count: 'exact' }) counts every row but returns max_rows",
    (db) => db.from('rt_cities').select('name', { count: 'exact' }).order('id'),
    { status: 206, data: [{ name: 'Paris' }], count: 6, headers: { 'content-range': '0-0/6' } },
  ],
  [
    "from('rt_countries').select('name, rt_cities(name)') caps the embedded cities too",
    (db) =>
      db
        .from('rt_countries')
        .select('name, rt_cities(name)')
        .eq('id', 1)
        .order('id', { referencedTable: 'rt_cities' }),
    { status: 200, data: [{ name: 'France', rt_cities: [{ name: 'Paris' }] }] },
  ],
  [
    "rpc('rt_cities_of', { country: 1 }) caps a set-returning function",
    (db) => db.rpc('rt_cities_of', { country: 1 }).select('name').order('id'),
    { status: 200, data: [{ name: 'Paris' }] },
  ],
  ["rpc('mr_numbers') caps a set of scalars", (db) => db.rpc('mr_numbers'), { status: 200, data: [1] }],
  [
    "rpc('rt_add', { a: 1, b: 2 }) leaves a single value alone",
    (db) => db.rpc('rt_add', { a: 1, b: 2 }),
    { status: 200, data: 3 },
  ],
  [
    "from('rt_labels').insert([…two rows]).select() returns every written row",
    (db) =>
      db
        .from('rt_labels')
        .insert([
          { id: 20, name: 'a' },
          { id: 21, name: 'b' },
        ])
        .select('id')
        .order('id'),
    { status: 201, data: [{ id: 20 }, { id: 21 }] },
  ],
];

describe('max_rows, applied where PostgREST applies it', () => {
  for (const [name, run, expected] of cases) {
    it(name, async () => expectResult(service, await run(service.db), expected));
  }
});
