import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectResult, tracedClient, type Traced } from './client.ts';
import { alice, fixtureSql, userToken } from './fixture.ts';

let stack: RunningStack;
let anon: Traced;
let service: Traced;
let asAlice: Traced;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(fixtureSql);
  anon = tracedClient(stack);
  service = tracedClient(stack, { key: stack.serviceRoleKey });
  asAlice = tracedClient(stack, { token: await userToken(stack, alice) });
});
afterAll(() => stack.stop());

const json = 'application/json; charset=utf-8';
const label = async (id: number) =>
  (await stack.db.query('select name from public.rt_labels where id = $1', [id])).rows;

describe('writes', () => {
  it("from('rt_labels').insert({ id: 10, name: 'sport' })", async () => {
    expectResult(anon, await anon.db.from('rt_labels').insert({ id: 10, name: 'sport' }), {
      status: 201,
      data: null,
      headers: { 'content-range': '*/*', 'content-type': null, 'preference-applied': null },
    });
    expect(await label(10)).toEqual([{ name: 'sport' }]);
  });

  it("from('rt_labels').insert({ id: 11, name: 'food' }).select()", async () => {
    expectResult(anon, await anon.db.from('rt_labels').insert({ id: 11, name: 'food' }).select(), {
      status: 201,
      data: [{ id: 11, name: 'food' }],
      headers: {
        'content-type': json,
        'content-range': '*/*',
        'preference-applied': 'return=representation',
      },
    });
  });

  it("from('rt_labels').insert([{ id: 12, name: 'a' }, { id: 13, name: 'b' }], { count: 'exact' }).select('name')", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_labels')
        .insert(
          [
            { id: 12, name: 'a' },
            { id: 13, name: 'b' },
          ],
          { count: 'exact' },
        )
        .select('name'),
      {
        status: 201,
        data: [{ name: 'a' }, { name: 'b' }],
        count: 2,
        headers: { 'content-range': '*/2' },
      },
    );
  });

  it("from('rt_cities').insert({ id: 20, name: 'Nice', country_id: 1 }).select('name, rt_countries(name)').single()", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_cities')
        .insert({ id: 20, name: 'Nice', country_id: 1 })
        .select('name, rt_countries(name)')
        .single(),
      {
        status: 201,
        data: { name: 'Nice', rt_countries: { name: 'France' } },
      },
    );
  });

  it("from('rt_posts').insert([{ title: 'A', published: true }, { title: 'B' }], { defaultToNull: false }).select('title, published')", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_posts')
        .insert([{ title: 'A', published: true }, { title: 'B' }], { defaultToNull: false })
        .select('title, published'),
      {
        status: 201,
        data: [
          { title: 'A', published: true },
          { title: 'B', published: false },
        ],
        headers: { 'preference-applied': 'missing=default, return=representation' },
      },
    );
  });

  it("from('rt_posts').insert([{ title: 'C', published: true }, { title: 'D' }]).select('title, published')", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_posts')
        .insert([{ title: 'C', published: true }, { title: 'D' }])
        .select('title, published'),
      {
        status: 201,
        data: [
          { title: 'C', published: true },
          { title: 'D', published: null },
        ],
      },
    );
  });

  it("from('rt_labels').upsert({ id: 1, name: 'breaking' }).select()", async () => {
    expectResult(anon, await anon.db.from('rt_labels').upsert({ id: 1, name: 'breaking' }).select(), {
      status: 200,
      data: [{ id: 1, name: 'breaking' }],
      headers: { 'preference-applied': 'resolution=merge-duplicates, return=representation' },
    });
  });

  it("from('rt_labels').upsert([{ id: 2, name: 'science' }, { id: 14, name: 'music' }]).select()", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_labels')
        .upsert([
          { id: 2, name: 'science' },
          { id: 14, name: 'music' },
        ])
        .select(),
      {
        status: 201,
        data: [
          { id: 2, name: 'science' },
          { id: 14, name: 'music' },
        ],
      },
    );
  });

  it("from('rt_labels').upsert({ id: 3, name: 'ignored' }, { ignoreDuplicates: true }).select()", async () => {
    expectResult(
      anon,
      await anon.db.from('rt_labels').upsert({ id: 3, name: 'ignored' }, { ignoreDuplicates: true }).select(),
      {
        status: 201,
        data: [],
        headers: { 'preference-applied': 'resolution=ignore-duplicates, return=representation' },
      },
    );
    expect(await label(3)).toEqual([{ name: 'life' }]);
  });

  it("from('rt_countries').upsert({ id: 50, name: 'Republique', code: 'FR' }, { onConflict: 'code' }).select('id, name')", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_countries')
        .upsert({ id: 1, name: 'République', code: 'FR' }, { onConflict: 'code' })
        .select('id, name'),
      {
        status: 200,
        data: [{ id: 1, name: 'République' }],
      },
    );
  });

  it("from('rt_labels').insert({ id: 1, name: 'dup' })", async () => {
    expectResult(anon, await anon.db.from('rt_labels').insert({ id: 1, name: 'dup' }), {
      status: 409,
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "rt_labels_pkey"',
        details: 'Key (id)=(1) already exists.',
        hint: null,
      },
    });
  });

  it("from('rt_cities').insert({ id: 30, name: 'Nowhere', country_id: 999 })", async () => {
    expectResult(anon, await anon.db.from('rt_cities').insert({ id: 30, name: 'Nowhere', country_id: 999 }), {
      status: 409,
      error: {
        code: '23503',
        message:
          'insert or update on table "rt_cities" violates foreign key constraint "rt_cities_country_id_fkey"',
        details: 'Key (country_id)=(999) is not present in table "rt_countries".',
        hint: null,
      },
    });
  });

  it("from('rt_labels').insert({ id: 40 })", async () => {
    expectResult(anon, await anon.db.from('rt_labels').insert({ id: 40 }), {
      status: 400,
      error: {
        code: '23502',
        message: 'null value in column "name" of relation "rt_labels" violates not-null constraint',
        details: 'Failing row contains (40, null).',
        hint: null,
      },
    });
  });

  it("from('rt_labels').insert({ id: 41, nope: 1 })", async () => {
    expectResult(anon, await anon.db.from('rt_labels').insert({ id: 41, nope: 1 }), {
      status: 400,
      error: {
        code: 'PGRST204',
        message: "Could not find the 'nope' column of 'rt_labels' in the schema cache",
        details: null,
        hint: null,
      },
    });
  });

  it("from('rt_labels').insert([{ id: 42, name: 'x' }, { id: 43, name: 'y' }]).select().single()", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_labels')
        .insert([
          { id: 42, name: 'x' },
          { id: 43, name: 'y' },
        ])
        .select()
        .single(),
      {
        status: 406,
        error: {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: 'The result contains 2 rows',
          hint: null,
        },
      },
    );
    expect(await label(42)).toEqual([]);
  });

  it("from('rt_labels').insert({ id: 44, name: 'kept' }).select().rollback() commits: db-tx-end is commit", async () => {
    expectResult(anon, await anon.db.from('rt_labels').insert({ id: 44, name: 'kept' }).select().rollback(), {
      status: 201,
      data: [{ id: 44, name: 'kept' }],
      headers: { 'preference-applied': 'return=representation' },
    });
    expect(await label(44)).toEqual([{ name: 'kept' }]);
  });

  it("from('rt_cities').update({ description: 'Silk city' }).eq('id', 2).select('name, description')", async () => {
    expectResult(
      anon,
      await anon.db
        .from('rt_cities')
        .update({ description: 'Silk city' })
        .eq('id', 2)
        .select('name, description'),
      {
        status: 200,
        data: [{ name: 'Lyon', description: 'Silk city' }],
        headers: { 'content-range': '0-0/*', 'preference-applied': 'return=representation' },
      },
    );
  });

  it("from('rt_cities').update({ population: 0 }).eq('country_id', 3)", async () => {
    expectResult(anon, await anon.db.from('rt_cities').update({ population: 0 }).eq('country_id', 3), {
      status: 204,
      data: null,
      headers: { 'content-range': '0-1/*' },
    });
  });

  it("from('rt_cities').update({ population: 1 }, { count: 'exact' }).eq('id', 999).select()", async () => {
    expectResult(
      anon,
      await anon.db.from('rt_cities').update({ population: 1 }, { count: 'exact' }).eq('id', 999).select(),
      {
        status: 200,
        data: [],
        count: 0,
        headers: { 'content-range': '*/0' },
      },
    );
  });

  it("from('rt_labels').delete().eq('id', 10).select()", async () => {
    expectResult(anon, await anon.db.from('rt_labels').delete().eq('id', 10).select(), {
      status: 200,
      data: [{ id: 10, name: 'sport' }],
      headers: { 'content-range': '*/*' },
    });
  });

  it("from('rt_labels').delete({ count: 'exact' }).in('id', [12, 13])", async () => {
    expectResult(anon, await anon.db.from('rt_labels').delete({ count: 'exact' }).in('id', [12, 13]), {
      status: 204,
      data: null,
      count: 2,
      headers: { 'content-range': '*/2', 'preference-applied': 'count=exact' },
    });
  });

  it("from('rt_labels').delete().eq('id', 999)", async () => {
    expectResult(anon, await anon.db.from('rt_labels').delete().eq('id', 999), {
      status: 204,
      data: null,
      headers: { 'content-range': '*/*' },
    });
  });
});

describe('rpc', () => {
  it("rpc('rt_add', { a: 1, b: 2 })", async () => {
    expectResult(anon, await anon.db.rpc('rt_add', { a: 1, b: 2 }), {
      status: 200,
      data: 3,
      headers: { 'content-type': json },
    });
  });
  it("rpc('rt_add', { a: 2, b: 5 }, { get: true })", async () => {
    expectResult(anon, await anon.db.rpc('rt_add', { a: 2, b: 5 }, { get: true }), { status: 200, data: 7 });
  });
  it("rpc('rt_hello')", async () => {
    expectResult(anon, await anon.db.rpc('rt_hello'), { status: 200, data: 'Hello world' });
  });
  it("rpc('rt_cities_of', { country: 1 }).select('name').order('name')", async () => {
    expectResult(anon, await anon.db.rpc('rt_cities_of', { country: 1 }).select('name').order('name'), {
      status: 200,
      data: [{ name: 'Lyon' }, { name: 'Nice' }, { name: 'Paris' }],
    });
  });
  it("rpc('rt_cities_of', { country: 2 }, { get: true }).eq('name', 'Tokyo').select('id, name')", async () => {
    expectResult(
      anon,
      await anon.db.rpc('rt_cities_of', { country: 2 }, { get: true }).eq('name', 'Tokyo').select('id, name'),
      {
        status: 200,
        data: [{ id: 3, name: 'Tokyo' }],
      },
    );
  });
  it("rpc('rt_cities_of', { country: 2 }, { count: 'exact' }).select('name, rt_countries(code)').order('id').limit(1)", async () => {
    expectResult(
      anon,
      await anon.db
        .rpc('rt_cities_of', { country: 2 }, { count: 'exact' })
        .select('name, rt_countries(code)')
        .order('id')
        .limit(1),
      {
        status: 206,
        data: [{ name: 'Tokyo', rt_countries: { code: 'JP' } }],
        count: 2,
        headers: { 'content-range': '0-0/2' },
      },
    );
  });
  it("rpc('rt_city_count').order('country')", async () => {
    expectResult(anon, await anon.db.rpc('rt_city_count').order('country'), {
      status: 200,
      data: [
        { country: 'Atlantis', cities: 0 },
        { country: 'Canada', cities: 2 },
        { country: 'Japan', cities: 2 },
        { country: 'République', cities: 3 },
      ],
    });
  });
  // A named output (one TABLE column, one OUT or INOUT parameter) answers objects, as PostgREST ≥ 8.0.1 does.
  it("rpc('rt_country_names').order('name').limit(2)", async () => {
    expectResult(anon, await anon.db.rpc('rt_country_names').order('name').limit(2), {
      status: 200,
      data: [{ name: 'Atlantis' }, { name: 'Canada' }],
    });
  });
  it("rpc('rt_add_out', { a: 2, b: 3 })", async () => {
    expectResult(anon, await anon.db.rpc('rt_add_out', { a: 2, b: 3 }), { status: 200, data: { total: 5 } });
  });
  it("rpc('rt_double', { n: 4 })", async () => {
    expectResult(anon, await anon.db.rpc('rt_double', { n: 4 }), { status: 200, data: { n: 8 } });
  });
  it("rpc('rt_biggest_city').select('name')", async () => {
    expectResult(anon, await anon.db.rpc('rt_biggest_city').select('name'), {
      status: 200,
      data: { name: 'Tokyo' },
    });
  });
  it("rpc('rt_rename_city', { city: 4, new_name: 'Ōsaka' })", async () => {
    expectResult(anon, await anon.db.rpc('rt_rename_city', { city: 4, new_name: 'Ōsaka' }), {
      status: 204,
      data: null,
    });
    expect((await stack.db.query('select name from public.rt_cities where id = 4')).rows).toEqual([
      { name: 'Ōsaka' },
    ]);
  });
  it("rpc('rt_echo', { payload: { a: [1, 2], b: null } })", async () => {
    expectResult(anon, await anon.db.rpc('rt_echo', { payload: { a: [1, 2], b: null } }), {
      status: 200,
      data: { a: [1, 2], b: null },
    });
  });
  it("rpc('rt_sum_all', { numbers: [1, 2, 3] })", async () => {
    expectResult(anon, await anon.db.rpc('rt_sum_all', { numbers: [1, 2, 3] }), { status: 200, data: 6 });
  });
  it("rpc('rt_sum_all', { numbers: [4, 5] }, { get: true })", async () => {
    expectResult(anon, await anon.db.rpc('rt_sum_all', { numbers: [4, 5] }, { get: true }), {
      status: 200,
      data: 9,
    });
  });
  it("rpc('rt_whoami') as anon, as a signed-in user and as the service role", async () => {
    expect((await anon.db.rpc('rt_whoami')).data).toBe('nobody:anon');
    expect((await asAlice.db.rpc('rt_whoami')).data).toBe(`${alice}:authenticated`);
    expect((await service.db.rpc('rt_whoami')).data).toBe('nobody:service_role');
  });
  it("rpc('rt_refuse', { reason: 'not today' })", async () => {
    expectResult(anon, await anon.db.rpc('rt_refuse', { reason: 'not today' }), {
      status: 400,
      error: { code: 'P0001', message: 'not today', details: null, hint: null },
    });
  });
  it("rpc('rt_touch_cities', {}, { get: true })", async () => {
    expectResult(anon, await anon.db.rpc('rt_touch_cities', {}, { get: true }), {
      status: 405,
      error: {
        code: '25006',
        message: 'cannot execute UPDATE in a read-only transaction',
        details: null,
        hint: null,
      },
    });
  });
  it("rpc('rt_missing_function', { x: 1 })", async () => {
    expectResult(anon, await anon.db.rpc('rt_missing_function', { x: 1 }), {
      status: 404,
      error: {
        code: 'PGRST202',
        message: 'Could not find the function public.rt_missing_function(x) in the schema cache',
        details:
          'Searched for the function public.rt_missing_function with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
      },
    });
  });
  it("rpc('rt_add', { a: 1, c: 2 })", async () => {
    expectResult(anon, await anon.db.rpc('rt_add', { a: 1, c: 2 }), {
      status: 404,
      error: {
        code: 'PGRST202',
        message: 'Could not find the function public.rt_add(a, c) in the schema cache',
        details:
          'Searched for the function public.rt_add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rt_add(a, b)',
      },
    });
  });
});

describe('authentication', () => {
  it("from('rt_labels').select() with a malformed bearer token", async () => {
    const bad = tracedClient(stack, { token: 'not-a-jwt' });
    expectResult(bad, await bad.db.from('rt_labels').select(), {
      status: 401,
      error: { code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1', details: null, hint: null },
    });
  });
  it("from('rt_labels').select() with an expired token", async () => {
    const expired = tracedClient(stack, { token: await userToken(stack, alice, { iat: 1000, exp: 2000 }) });
    expectResult(expired, await expired.db.from('rt_labels').select(), {
      status: 401,
      error: { code: 'PGRST303', message: 'JWT expired', details: null, hint: null },
      headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"' },
    });
  });
  it("from('rt_labels').select() with a token for an unknown role", async () => {
    const stranger = tracedClient(stack, { token: await userToken(stack, alice, { role: 'intruder' }) });
    expectResult(stranger, await stranger.db.from('rt_labels').select(), {
      status: 401,
      error: { code: '22023', message: 'role "intruder" does not exist', details: null, hint: null },
    });
  });
  it("from('rt_labels').select() with an unknown API key", async () => {
    const wrong = tracedClient(stack, { key: 'not-a-key' });
    expectResult(wrong, await wrong.db.from('rt_labels').select(), {
      status: 401,
      error: {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      },
    });
  });
});
