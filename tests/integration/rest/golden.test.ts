import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectResult, tracedClient, type Case, type Traced } from './client.ts';
import { fixtureSql } from './fixture.ts';

let stack: RunningStack;
let anon: Traced;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(fixtureSql);
  anon = tracedClient(stack);
});
afterAll(() => stack.stop());

const json = 'application/json; charset=utf-8';
const france = {
  id: 1,
  name: 'France',
  code: 'FR',
  population: 68000000,
  languages: ['fr'],
  meta: { capital: { name: 'Paris' }, continent: 'Europe' },
  founded: '1792-09-22',
  area: 643801,
};
const names = (...list: string[]) => list.map((name) => ({ name }));

const selects: Case[] = [
  [
    "from('rt_countries').select('name, rt_cities(name)').eq('id', 1)",
    (db) => db.from('rt_countries').select('name, rt_cities(name)').eq('id', 1),
    {
      status: 200,
      data: [{ name: 'France', rt_cities: names('Paris', 'Lyon') }],
      headers: { 'content-type': json, 'content-range': '0-0/*' },
    },
  ],
  [
    "from('rt_countries').select().eq('id', 1)",
    (db) => db.from('rt_countries').select().eq('id', 1),
    { status: 200, data: [france] },
  ],
  [
    "from('rt_countries').select('id, country:name').order('id').limit(2)",
    (db) => db.from('rt_countries').select('id, country:name').order('id').limit(2),
    {
      status: 200,
      data: [
        { id: 1, country: 'France' },
        { id: 2, country: 'Japan' },
      ],
    },
  ],
  [
    "from('rt_countries').select('id::text, population::text').eq('id', 2)",
    (db) => db.from('rt_countries').select('id::text, population::text').eq('id', 2),
    { status: 200, data: [{ id: '2', population: '125000000' }] },
  ],
  [
    "from('rt_countries').select('name, meta->continent, capital:meta->capital->>name').eq('id', 1)",
    (db) => db.from('rt_countries').select('name, meta->continent, capital:meta->capital->>name').eq('id', 1),
    { status: 200, data: [{ name: 'France', continent: 'Europe', capital: 'Paris' }] },
  ],
  [
    "from('rt_cities').select('name, country:rt_countries(name)').in('id', [1, 3]).order('id')",
    (db) => db.from('rt_cities').select('name, country:rt_countries(name)').in('id', [1, 3]).order('id'),
    {
      status: 200,
      data: [
        { name: 'Paris', country: { name: 'France' } },
        { name: 'Tokyo', country: { name: 'Japan' } },
      ],
    },
  ],
  [
    "from('rt_cities').select('name, country_id(code)').eq('id', 5)",
    (db) => db.from('rt_cities').select('name, country_id(code)').eq('id', 5),
    { status: 200, data: [{ name: 'Montreal', country_id: { code: 'CA' } }] },
  ],
  [
    "from('rt_cities').select('name, ...rt_countries(country:name, code)').eq('id', 3)",
    (db) => db.from('rt_cities').select('name, ...rt_countries(country:name, code)').eq('id', 3),
    { status: 200, data: [{ name: 'Tokyo', country: 'Japan', code: 'JP' }] },
  ],
  [
    "from('rt_countries').select('name, rt_capitals(city_id)').order('id')",
    (db) => db.from('rt_countries').select('name, rt_capitals(city_id)').order('id'),
    {
      status: 200,
      data: [
        { name: 'France', rt_capitals: { city_id: 1 } },
        { name: 'Japan', rt_capitals: { city_id: 3 } },
        { name: 'Canada', rt_capitals: null },
        { name: 'Atlantis', rt_capitals: null },
      ],
    },
  ],
  [
    "from('rt_countries').select('name, rt_capitals(rt_cities(name))').eq('id', 2)",
    (db) => db.from('rt_countries').select('name, rt_capitals(rt_cities(name))').eq('id', 2),
    { status: 200, data: [{ name: 'Japan', rt_capitals: { rt_cities: { name: 'Tokyo' } } }] },
  ],
  [
    "from('rt_posts').select('title, rt_labels(name)').order('id')",
    (db) => db.from('rt_posts').select('title, rt_labels(name)').order('id'),
    {
      status: 200,
      data: [
        { title: 'Hello world', rt_labels: names('news', 'tech') },
        { title: 'Second thoughts', rt_labels: [] },
        { title: 'Bob speaks', rt_labels: names('life') },
      ],
    },
  ],
  [
    "from('rt_labels').select('name, rt_posts(title)').eq('id', 3)",
    (db) => db.from('rt_labels').select('name, rt_posts(title)').eq('id', 3),
    { status: 200, data: [{ name: 'life', rt_posts: [{ title: 'Bob speaks' }] }] },
  ],
  [
    "from('rt_posts').select('title, author:rt_people!rt_posts_author_id_fkey(username)').eq('id', 3)",
    (db) =>
      db.from('rt_posts').select('title, author:rt_people!rt_posts_author_id_fkey(username)').eq('id', 3),
    { status: 200, data: [{ title: 'Bob speaks', author: { username: 'bob' } }] },
  ],
  [
    "from('rt_posts').select('title, editor:rt_people!editor_id(username)').order('id')",
    (db) => db.from('rt_posts').select('title, editor:rt_people!editor_id(username)').order('id'),
    {
      status: 200,
      data: [
        { title: 'Hello world', editor: { username: 'bob' } },
        { title: 'Second thoughts', editor: null },
        { title: 'Bob speaks', editor: { username: 'alice' } },
      ],
    },
  ],
  [
    "from('rt_people').select('username, rt_posts!author_id(title)').eq('username', 'bob')",
    (db) => db.from('rt_people').select('username, rt_posts!author_id(title)').eq('username', 'bob'),
    { status: 200, data: [{ username: 'bob', rt_posts: [{ title: 'Bob speaks' }] }] },
  ],
  [
    "from('rt_countries').select('name, rt_cities(name)').eq('rt_cities.name', 'Lyon').order('id').limit(2)",
    (db) =>
      db
        .from('rt_countries')
        .select('name, rt_cities(name)')
        .eq('rt_cities.name', 'Lyon')
        .order('id')
        .limit(2),
    {
      status: 200,
      data: [
        { name: 'France', rt_cities: names('Lyon') },
        { name: 'Japan', rt_cities: [] },
      ],
    },
  ],
  [
    "from('rt_countries').select('name, rt_cities!inner(name)').eq('rt_cities.name', 'Lyon')",
    (db) => db.from('rt_countries').select('name, rt_cities!inner(name)').eq('rt_cities.name', 'Lyon'),
    { status: 200, data: [{ name: 'France', rt_cities: names('Lyon') }] },
  ],
  [
    "from('rt_countries').select('name, rt_cities()').is('rt_cities', null)",
    (db) => db.from('rt_countries').select('name, rt_cities()').is('rt_cities', null),
    { status: 200, data: [{ name: 'Atlantis' }] },
  ],
  [
    "from('rt_countries').select('name, rt_capitals!inner()').order('id')",
    (db) => db.from('rt_countries').select('name, rt_capitals!inner()').order('id'),
    { status: 200, data: names('France', 'Japan') },
  ],
  [
    "from('rt_countries').select('name, rt_cities(name)').eq('id', 2).order('name', { referencedTable: 'rt_cities' })",
    (db) =>
      db
        .from('rt_countries')
        .select('name, rt_cities(name)')
        .eq('id', 2)
        .order('name', { referencedTable: 'rt_cities' }),
    { status: 200, data: [{ name: 'Japan', rt_cities: names('Osaka', 'Tokyo') }] },
  ],
  [
    "from('rt_countries').select('name, rt_cities(name)').eq('id', 3).order('population', { referencedTable: 'rt_cities', ascending: false }).limit(1, { referencedTable: 'rt_cities' })",
    (db) =>
      db
        .from('rt_countries')
        .select('name, rt_cities(name)')
        .eq('id', 3)
        .order('population', { referencedTable: 'rt_cities', ascending: false })
        .limit(1, { referencedTable: 'rt_cities' }),
    { status: 200, data: [{ name: 'Canada', rt_cities: names('Toronto') }] },
  ],
  [
    "from('rt_countries').select('name, rt_cities(name)').eq('id', 1).or('name.eq.Paris,population.lt.1000000', { referencedTable: 'rt_cities' })",
    (db) =>
      db
        .from('rt_countries')
        .select('name, rt_cities(name)')
        .eq('id', 1)
        .or('name.eq.Paris,population.lt.1000000', { referencedTable: 'rt_cities' }),
    { status: 200, data: [{ name: 'France', rt_cities: names('Paris', 'Lyon') }] },
  ],
  [
    "from('rt_cities').select('name, rt_countries(code)').order('rt_countries(code)').order('name').limit(3)",
    (db) =>
      db
        .from('rt_cities')
        .select('name, rt_countries(code)')
        .order('rt_countries(code)')
        .order('name')
        .limit(3),
    {
      status: 200,
      data: [
        { name: 'Montreal', rt_countries: { code: 'CA' } },
        { name: 'Toronto', rt_countries: { code: 'CA' } },
        { name: 'Lyon', rt_countries: { code: 'FR' } },
      ],
    },
  ],
];

const filters: Case[] = [
  [
    "from('rt_cities').select('name').neq('country_id', 1).order('id')",
    (db) => db.from('rt_cities').select('name').neq('country_id', 1).order('id'),
    { status: 200, data: names('Tokyo', 'Osaka', 'Montreal', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').gt('population', 2700000).order('id')",
    (db) => db.from('rt_cities').select('name').gt('population', 2700000).order('id'),
    { status: 200, data: names('Tokyo', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').gte('population', 2700000).lte('population', 3000000).order('id')",
    (db) =>
      db.from('rt_cities').select('name').gte('population', 2700000).lte('population', 3000000).order('id'),
    { status: 200, data: names('Osaka', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').lt('population', 1000000)",
    (db) => db.from('rt_cities').select('name').lt('population', 1000000),
    { status: 200, data: names('Lyon') },
  ],
  [
    "from('rt_cities').select('name').like('name', '%o%').order('id')",
    (db) => db.from('rt_cities').select('name').like('name', '%o%').order('id'),
    { status: 200, data: names('Lyon', 'Tokyo', 'Montreal', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').ilike('name', 'TO*').order('id')",
    (db) => db.from('rt_cities').select('name').ilike('name', 'TO*').order('id'),
    { status: 200, data: names('Tokyo', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').likeAllOf('name', ['%o%', '%a%']).order('id')",
    (db) => db.from('rt_cities').select('name').likeAllOf('name', ['%o%', '%a%']).order('id'),
    { status: 200, data: names('Montreal') },
  ],
  [
    "from('rt_cities').select('name').ilikeAnyOf('name', ['par%', 'lyo%']).order('id')",
    (db) => db.from('rt_cities').select('name').ilikeAnyOf('name', ['par%', 'lyo%']).order('id'),
    { status: 200, data: names('Paris', 'Lyon') },
  ],
  [
    "from('rt_cities').select('name').regexMatch('name', '^T').order('id')",
    (db) => db.from('rt_cities').select('name').regexMatch('name', '^T').order('id'),
    { status: 200, data: names('Tokyo', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').regexIMatch('name', '^p')",
    (db) => db.from('rt_cities').select('name').regexIMatch('name', '^p'),
    { status: 200, data: names('Paris') },
  ],
  [
    "from('rt_cities').select('name').in('name', ['Paris', 'Osaka']).order('id')",
    (db) => db.from('rt_cities').select('name').in('name', ['Paris', 'Osaka']).order('id'),
    { status: 200, data: names('Paris', 'Osaka') },
  ],
  [
    "from('rt_cities').select('name').in('description', ['City of light', 'a,b (c)'])",
    (db) => db.from('rt_cities').select('name').in('description', ['City of light', 'a,b (c)']),
    { status: 200, data: names('Paris') },
  ],
  [
    "from('rt_cities').select('name').in('id', [])",
    (db) => db.from('rt_cities').select('name').in('id', []),
    { status: 200, data: [] },
  ],
  [
    "from('rt_cities').select('name').is('description', null)",
    (db) => db.from('rt_cities').select('name').is('description', null),
    { status: 200, data: names('Osaka') },
  ],
  [
    "from('rt_posts').select('id').is('published', false)",
    (db) => db.from('rt_posts').select('id').is('published', false),
    { status: 200, data: [{ id: 2 }] },
  ],
  [
    "from('rt_posts').select('id').isDistinct('rating', 5).order('id')",
    (db) => db.from('rt_posts').select('id').isDistinct('rating', 5).order('id'),
    { status: 200, data: [{ id: 2 }, { id: 3 }] },
  ],
  [
    "from('rt_posts').select('id').not('rating', 'is', null).order('id')",
    (db) => db.from('rt_posts').select('id').not('rating', 'is', null).order('id'),
    { status: 200, data: [{ id: 1 }, { id: 2 }] },
  ],
  [
    "from('rt_cities').select('name').not('country_id', 'in', '(1,2)').order('id')",
    (db) => db.from('rt_cities').select('name').not('country_id', 'in', '(1,2)').order('id'),
    { status: 200, data: names('Montreal', 'Toronto') },
  ],
  [
    "from('rt_countries').select('name').contains('languages', ['fr']).order('id')",
    (db) => db.from('rt_countries').select('name').contains('languages', ['fr']).order('id'),
    { status: 200, data: names('France', 'Canada') },
  ],
  [
    "from('rt_countries').select('name').containedBy('languages', ['en', 'fr', 'de']).order('id')",
    (db) => db.from('rt_countries').select('name').containedBy('languages', ['en', 'fr', 'de']).order('id'),
    { status: 200, data: names('France', 'Canada', 'Atlantis') },
  ],
  [
    "from('rt_countries').select('name').overlaps('languages', ['ja', 'en']).order('id')",
    (db) => db.from('rt_countries').select('name').overlaps('languages', ['ja', 'en']).order('id'),
    { status: 200, data: names('Japan', 'Canada') },
  ],
  [
    "from('rt_countries').select('name').contains('meta', { continent: 'Asia' })",
    (db) => db.from('rt_countries').select('name').contains('meta', { continent: 'Asia' }),
    { status: 200, data: names('Japan') },
  ],
  [
    "from('rt_countries').select('name').eq('meta->>continent', 'America')",
    (db) => db.from('rt_countries').select('name').eq('meta->>continent', 'America'),
    { status: 200, data: names('Canada') },
  ],
  [
    "from('rt_countries').select('name').eq('meta->capital->>name', 'Tokyo')",
    (db) => db.from('rt_countries').select('name').eq('meta->capital->>name', 'Tokyo'),
    { status: 200, data: names('Japan') },
  ],
  [
    "from('rt_reservations').select('id').overlaps('during', '[3,12)').order('id')",
    (db) => db.from('rt_reservations').select('id').overlaps('during', '[3,12)').order('id'),
    { status: 200, data: [{ id: 1 }, { id: 2 }] },
  ],
  [
    "from('rt_reservations').select('id').rangeLt('during', '[6,8)')",
    (db) => db.from('rt_reservations').select('id').rangeLt('during', '[6,8)'),
    { status: 200, data: [{ id: 1 }] },
  ],
  [
    "from('rt_reservations').select('id').rangeGt('during', '[6,8)')",
    (db) => db.from('rt_reservations').select('id').rangeGt('during', '[6,8)'),
    { status: 200, data: [{ id: 2 }] },
  ],
  [
    "from('rt_reservations').select('id').rangeGte('during', '[3,8)')",
    (db) => db.from('rt_reservations').select('id').rangeGte('during', '[3,8)'),
    { status: 200, data: [{ id: 2 }] },
  ],
  [
    "from('rt_reservations').select('id').rangeLte('during', '[3,8)')",
    (db) => db.from('rt_reservations').select('id').rangeLte('during', '[3,8)'),
    { status: 200, data: [{ id: 1 }] },
  ],
  [
    "from('rt_reservations').select('id').rangeAdjacent('during', '[20,30)')",
    (db) => db.from('rt_reservations').select('id').rangeAdjacent('during', '[20,30)'),
    { status: 200, data: [{ id: 2 }] },
  ],
  [
    "from('rt_reservations').select('id').contains('seats', [2])",
    (db) => db.from('rt_reservations').select('id').contains('seats', [2]),
    { status: 200, data: [{ id: 1 }] },
  ],
  [
    "from('rt_posts').select('title').textSearch('search', 'thoughts', { config: 'english' })",
    (db) => db.from('rt_posts').select('title').textSearch('search', 'thoughts', { config: 'english' }),
    { status: 200, data: [{ title: 'Second thoughts' }] },
  ],
  [
    "from('rt_posts').select('title').textSearch('search', 'bob speaking', { type: 'plain', config: 'english' })",
    (db) =>
      db
        .from('rt_posts')
        .select('title')
        .textSearch('search', 'bob speaking', { type: 'plain', config: 'english' }),
    { status: 200, data: [{ title: 'Bob speaks' }] },
  ],
  [
    "from('rt_posts').select('title').textSearch('title', 'hello world', { type: 'phrase', config: 'english' })",
    (db) =>
      db
        .from('rt_posts')
        .select('title')
        .textSearch('title', 'hello world', { type: 'phrase', config: 'english' }),
    { status: 200, data: [{ title: 'Hello world' }] },
  ],
  [
    "from('rt_posts').select('id').textSearch('search', 'world or bob -speaks', { type: 'websearch', config: 'english' })",
    (db) =>
      db
        .from('rt_posts')
        .select('id')
        .textSearch('search', 'world or bob -speaks', { type: 'websearch', config: 'english' }),
    { status: 200, data: [{ id: 1 }] },
  ],
  [
    "from('rt_cities').select('name').or('population.gt.10000000,name.eq.Lyon').order('id')",
    (db) => db.from('rt_cities').select('name').or('population.gt.10000000,name.eq.Lyon').order('id'),
    { status: 200, data: names('Lyon', 'Tokyo') },
  ],
  [
    "from('rt_cities').select('name').or('name.eq.Paris,and(country_id.eq.3,population.gt.2000000)').order('id')",
    (db) =>
      db
        .from('rt_cities')
        .select('name')
        .or('name.eq.Paris,and(country_id.eq.3,population.gt.2000000)')
        .order('id'),
    { status: 200, data: names('Paris', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').or('description.eq.\"Largest city\",id.in.(1,2)').order('id')",
    (db) => db.from('rt_cities').select('name').or('description.eq."Largest city",id.in.(1,2)').order('id'),
    { status: 200, data: names('Paris', 'Lyon', 'Toronto') },
  ],
  [
    "from('rt_cities').select('name').or('not.and(country_id.eq.1,id.eq.1),id.eq.1').eq('country_id', 1).order('id')",
    (db) =>
      db
        .from('rt_cities')
        .select('name')
        .or('not.and(country_id.eq.1,id.eq.1),id.eq.1')
        .eq('country_id', 1)
        .order('id'),
    { status: 200, data: names('Paris', 'Lyon') },
  ],
  [
    "from('rt_cities').select('name').match({ country_id: 2, name: 'Osaka' })",
    (db) => db.from('rt_cities').select('name').match({ country_id: 2, name: 'Osaka' }),
    { status: 200, data: names('Osaka') },
  ],
  [
    "from('rt_cities').select('name').filter('id', 'in', '(5,6)').order('id')",
    (db) => db.from('rt_cities').select('name').filter('id', 'in', '(5,6)').order('id'),
    { status: 200, data: names('Montreal', 'Toronto') },
  ],
];

const shaping: Case[] = [
  [
    "from('rt_countries').select('name').order('population', { ascending: true, nullsFirst: true })",
    (db) => db.from('rt_countries').select('name').order('population', { ascending: true, nullsFirst: true }),
    { status: 200, data: names('Atlantis', 'Canada', 'France', 'Japan') },
  ],
  [
    "from('rt_countries').select('name').order('population', { ascending: false })",
    (db) => db.from('rt_countries').select('name').order('population', { ascending: false }),
    { status: 200, data: names('Atlantis', 'Japan', 'France', 'Canada') },
  ],
  [
    "from('rt_cities').select('name').order('country_id', { ascending: false }).order('name')",
    (db) => db.from('rt_cities').select('name').order('country_id', { ascending: false }).order('name'),
    { status: 200, data: names('Montreal', 'Toronto', 'Osaka', 'Tokyo', 'Lyon', 'Paris') },
  ],
  [
    "from('rt_countries').select('name', { count: 'exact' }).order('id').range(1, 2)",
    (db) => db.from('rt_countries').select('name', { count: 'exact' }).order('id').range(1, 2),
    {
      status: 206,
      data: names('Japan', 'Canada'),
      count: 4,
      headers: { 'content-range': '1-2/4', 'preference-applied': 'count=exact' },
    },
  ],
  [
    "from('rt_countries').select('*', { count: 'exact', head: true })",
    (db) => db.from('rt_countries').select('*', { count: 'exact', head: true }),
    { status: 200, data: null, count: 4, headers: { 'content-range': '0-3/4' } },
  ],
  [
    "from('rt_countries').select('name', { count: 'exact' }).eq('id', 99)",
    (db) => db.from('rt_countries').select('name', { count: 'exact' }).eq('id', 99),
    { status: 200, data: [], count: 0, headers: { 'content-range': '*/0' } },
  ],
  [
    "from('rt_countries').select('name').eq('id', 99)",
    (db) => db.from('rt_countries').select('name').eq('id', 99),
    { status: 200, data: [], headers: { 'content-range': '*/*' } },
  ],
  [
    "from('rt_countries').select('name', { count: 'exact' }).range(10, 12)",
    (db) => db.from('rt_countries').select('name', { count: 'exact' }).range(10, 12),
    {
      status: 416,
      error: {
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 10 was requested, but there are only 4 rows.',
        hint: null,
      },
    },
  ],
  [
    "from('rt_countries').select('name').range(10, 12)",
    (db) => db.from('rt_countries').select('name').range(10, 12),
    { status: 200, data: [] },
  ],
  [
    "from('rt_countries').select('name').eq('id', 1).single()",
    (db) => db.from('rt_countries').select('name').eq('id', 1).single(),
    {
      status: 200,
      data: { name: 'France' },
      headers: { 'content-type': 'application/vnd.pgrst.object+json; charset=utf-8' },
    },
  ],
  [
    "from('rt_countries').select('name').eq('id', 99).single()",
    (db) => db.from('rt_countries').select('name').eq('id', 99).single(),
    {
      status: 406,
      error: {
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 0 rows',
        hint: null,
      },
    },
  ],
  [
    "from('rt_countries').select('name').single()",
    (db) => db.from('rt_countries').select('name').single(),
    {
      status: 406,
      error: {
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 4 rows',
        hint: null,
      },
    },
  ],
  [
    "from('rt_countries').select('name').eq('id', 99).maybeSingle()",
    (db) => db.from('rt_countries').select('name').eq('id', 99).maybeSingle(),
    { status: 200, data: null },
  ],
  [
    "from('rt_countries').select('id, name').order('id').limit(2).csv()",
    (db) => db.from('rt_countries').select('id, name').order('id').limit(2).csv(),
    {
      status: 200,
      data: 'id,name\n1,France\n2,Japan',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    },
  ],
  [
    "from('rt_cities').select('name, description').eq('id', 1).csv()",
    (db) => db.from('rt_cities').select('name, description').eq('id', 1).csv(),
    { status: 200, data: 'name,description\nParis,"City of light"' },
  ],
  [
    "from('rt_countries').select('name, code').eq('id', 4).stripNulls()",
    (db) => db.from('rt_countries').select('name, code').eq('id', 4).stripNulls(),
    { status: 200, data: [{ name: 'Atlantis' }] },
  ],
];

const errors: Case[] = [
  [
    "from('rt_countrie').select()",
    (db) => db.from('rt_countrie').select(),
    {
      status: 404,
      error: {
        code: 'PGRST205',
        message: "Could not find the table 'public.rt_countrie' in the schema cache",
        details: null,
        hint: "Perhaps you meant the table 'public.rt_countries'",
      },
    },
  ],
  [
    "from('rt_countries').select('xyzzy')",
    (db) => db.from('rt_countries').select('xyzzy'),
    {
      status: 400,
      error: {
        code: '42703',
        message: 'column rt_countries.xyzzy does not exist',
        details: null,
        hint: null,
      },
    },
  ],
  [
    "from('rt_countries').select('name, zzz(*)')",
    (db) => db.from('rt_countries').select('name, zzz(*)'),
    {
      status: 400,
      error: {
        code: 'PGRST200',
        message: "Could not find a relationship between 'rt_countries' and 'zzz' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'rt_countries' and 'zzz' in the schema 'public', but no matches were found.",
        hint: null,
      },
    },
  ],
  [
    "from('rt_posts').select('title, rt_people(username)')",
    (db) => db.from('rt_posts').select('title, rt_people(username)'),
    {
      status: 300,
      error: {
        code: 'PGRST201',
        message:
          "Could not embed because more than one relationship was found for 'rt_posts' and 'rt_people'",
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'rt_posts with rt_people',
            relationship: 'rt_posts_author_id_fkey using rt_posts(author_id) and rt_people(id)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'rt_posts with rt_people',
            relationship: 'rt_posts_editor_id_fkey using rt_posts(editor_id) and rt_people(id)',
          },
        ],
        hint: "Try changing 'rt_people' to one of the following: 'rt_people!rt_posts_author_id_fkey', 'rt_people!rt_posts_editor_id_fkey'. Find the desired relationship in the 'details' key.",
      },
    },
  ],
  [
    "from('rt_countries').select('name').eq('id', 'abc')",
    (db) => db.from('rt_countries').select('name').eq('id', 'abc'),
    {
      status: 400,
      error: {
        code: '22P02',
        message: 'invalid input syntax for type integer: "abc"',
        details: null,
        hint: null,
      },
    },
  ],
  [
    "from('rt_countries').select('name').eq('rt_cities.name', 'Paris')",
    (db) => db.from('rt_countries').select('name').eq('rt_cities.name', 'Paris'),
    {
      status: 400,
      error: {
        code: 'PGRST108',
        message: "'rt_cities' is not an embedded resource in this request",
        details: null,
        hint: "Verify that 'rt_cities' is included in the 'select' query parameter.",
      },
    },
  ],
  [
    "from('rt_countries').select('count()') while db-aggregates-enabled is off, as on hosted Supabase",
    (db) => db.from('rt_countries').select('count()'),
    {
      status: 400,
      error: {
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      },
    },
  ],
  [
    "from('rt_labels').select('name, ...rt_posts(title)') spreads a many-to-many embed into arrays (v13+)",
    (db) => db.from('rt_labels').select('name, ...rt_posts(title)').eq('id', 3),
    { status: 200, data: [{ name: 'life', title: ['Bob speaks'] }] },
  ],
  [
    "schema('private').from('rt_countries').select()",
    (db) => db.schema('private').from('rt_countries').select(),
    {
      status: 406,
      error: {
        code: 'PGRST106',
        message: 'Invalid schema: private',
        details: null,
        hint: 'Only the following schemas are exposed: public, graphql_public',
      },
    },
  ],
];

describe('reads', () => {
  for (const [name, run, expected] of [...selects, ...filters, ...shaping, ...errors]) {
    it(name, async () => expectResult(anon, await run(anon.db), expected));
  }
});

describe('query-string errors', () => {
  it("from('rt_cities').select().filter('id', 'zz', '1')", async () => {
    const { status, error } = await anon.db.from('rt_cities').select().filter('id', 'zz', '1');
    expectResult(
      anon,
      { status, data: null, error: { code: error?.code, message: error?.message } },
      {
        status: 400,
        error: { code: 'PGRST100', message: 'failed to parse filter (zz.1)' },
      },
    );
  });
});
