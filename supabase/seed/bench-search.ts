import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchPath, searchSql, type SearchQuery } from '../../tests/bench/search-queries.ts';
import { runAs } from '../local/db/request-context.ts';
import type { Database } from '../local/db/types.ts';
import { startStack } from '../local/server.ts';
import { openTargetDatabase } from './seed-large.ts';

const projectDir = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * `node supabase/seed/bench-search.ts [--http]` after `npm run seed:large`: times search_courses
 * (and suggest_terms) as an anonymous visitor on 50 realistic queries, reporting p50/p95 per class
 * and the slowest queries by median; `--http` times the same calls through the local stack's API.
 */
const whole = [
  'computer science',
  'data science',
  'machine learning',
  'nursing',
  'mba',
  'business',
  'law',
  'international law',
  'psychology',
  'graphic design',
  'architecture',
  'mechanical engineering',
  'engineering',
  'electrical',
  'economics',
  'finance',
  'marketing',
  'public health',
  'biomedical',
  'environmental science',
  'climate',
  'education',
  'international relations',
  'hospitality',
  'journalism',
  'pharmacy',
  'robotics',
  'cyber security',
  'software',
  'phd',
  'foundation year',
  'diploma',
  'toronto',
  'melbourne',
];
// Still being typed: the last word is matched as a prefix.
const partial = ['comp', 'computer sci', 'data', 'nurs', 'psych', 'civil eng'];
const textWithFilters: SearchQuery['args'][] = [
  { q: 'computer science', levels: ['master'] },
  { q: 'business', countries: ['GB', 'IE'] },
  { q: 'nursing', max_tuition_usd: 30000 },
  { q: 'data', sort: 'tuition_asc' },
];
const filtersOnly: SearchQuery['args'][] = [
  { levels: ['bachelor'], countries: ['CA'] },
  { sort: 'deadline' },
  { sort: 'tuition_asc', max_tuition_usd: 20000 },
  { levels: ['master'], study_modes: ['online'], sort: 'tuition_desc' },
  { intake_month: 1, page_offset: 100 },
  { fields: ['Psychology'], sort: 'duration' },
];
const asQueries = (list: SearchQuery['args'][]) => list.map((args) => ({ label: '', args }));
const classes: [string, SearchQuery[]][] = [
  ['full text', asQueries(whole.map((q) => ({ q })))],
  ['prefix', asQueries(partial.map((q) => ({ q })))],
  ['text + filters', asQueries(textWithFilters)],
  ['filters only', asQueries(filtersOnly)],
];
const suggest = ['computr science', 'psycholgy', 'enginering', 'nursng', 'marketting'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${sorted.length} runs, p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? 0)}`;
};

type Timer = (query: SearchQuery) => Promise<number>;

async function measure(time: Timer, queries: SearchQuery[], runs: number) {
  for (const query of queries) await time(query);
  const samples = new Map<SearchQuery, number[]>(queries.map((query) => [query, []]));
  for (let r = 0; r < runs; r++) for (const query of queries) samples.get(query)?.push(await time(query));
  return samples;
}

async function report(time: Timer, suggestTime: Timer) {
  const all: number[] = [];
  const medians: [number, string][] = [];
  for (const [label, queries] of classes) {
    const bySql = await measure(time, queries, 5);
    const samples = [...bySql.values()].flat();
    all.push(...samples);
    for (const [query, s] of bySql)
      medians.push([
        percentile(
          [...s].sort((a, b) => a - b),
          0.5,
        ),
        searchSql(query),
      ]);
    console.info(`search_courses, ${label} (${queries.length} queries): ${summary(samples)}`);
  }
  console.info(`search_courses, all ${medians.length} queries: ${summary(all)}`);
  const typos = asQueries(suggest.map((q) => ({ q })));
  console.info(
    `suggest_terms (5 queries): ${summary([...(await measure(suggestTime, typos, 10)).values()].flat())}`,
  );
  console.info('slowest by median:');
  for (const [median, sql] of medians.sort((a, b) => b[0] - a[0]).slice(0, 5))
    console.info(`  ${ms(median)}  ${sql}`);
}

/** Database time: the statement alone, inside the same transaction setup the REST layer uses. */
async function inDatabase(db: Database) {
  const anon = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/rpc/search_courses' };
  const run = (sql: string) =>
    runAs(db, { ...anon, readOnly: true }, async (tx) => {
      const start = performance.now();
      await tx.query(sql);
      return performance.now() - start;
    });
  await report(
    (query) => run(searchSql(query)),
    (query) => run(`select * from public.suggest_terms('${String(query.args['q'])}')`),
  );
}

/** End to end: GET /rest/v1/rpc/... through the local stack's HTTP server, as the app calls it. */
async function overHttp(db: Database) {
  await db.close();
  const url = process.env['DATABASE_URL'];
  const dataDir = join(process.env['SUPABASE_DATA_DIR'] ?? join(projectDir, '.data'), 'db');
  const stack = await startStack({
    port: 0,
    quiet: true,
    database: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir },
  });
  const get = async (path: string) => {
    const start = performance.now();
    const response = await fetch(new URL(path, stack.url), { headers: { apikey: stack.anonKey } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - start;
  };
  try {
    await report(
      (query) => get(searchPath(query)),
      (query) => get(`/rest/v1/rpc/suggest_terms?q=${encodeURIComponent(String(query.args['q']))}`),
    );
  } finally {
    await stack.stop();
  }
}

async function main() {
  const db = await openTargetDatabase();
  const http = process.argv.includes('--http');
  console.info(`database: ${db.location}${http ? ', over HTTP' : ''}`);
  if (http) await overHttp(db);
  else {
    await inDatabase(db);
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
