import { fileURLToPath } from 'node:url';
import { runAs } from '../local/db/request-context.ts';
import { openTargetDatabase } from './seed-large.ts';

/**
 * `node supabase/seed/bench-search.ts` after `npm run seed:large`: times search_courses (and
 * suggest_terms) as an anonymous visitor on 50 realistic queries, reporting p50/p95 per class and
 * the slowest queries by median.
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
const textWithFilters = [
  "q => 'computer science', levels => array['master']",
  "q => 'business', countries => array['GB','IE']",
  "q => 'nursing', max_tuition_usd => 30000",
  "q => 'data', sort => 'tuition_asc'",
];
const filtersOnly = [
  "levels => array['bachelor'], countries => array['CA']",
  "sort => 'deadline'",
  "sort => 'tuition_asc', max_tuition_usd => 20000",
  "levels => array['master'], study_modes => array['online'], sort => 'tuition_desc'",
  'intake_month => 1, page_offset => 100',
  "fields => array['Psychology'], sort => 'duration'",
];
const search = (args: string) => `select * from public.search_courses(${args})`;
const classes: [string, string[]][] = [
  ['full text', whole.map((q) => search(`q => '${q}'`))],
  ['prefix', partial.map((q) => search(`q => '${q}'`))],
  ['text + filters', textWithFilters.map(search)],
  ['filters only', filtersOnly.map(search)],
];
const suggest = ['computr science', 'psycholgy', 'enginering', 'nursng', 'marketting'].map(
  (q) => `select * from public.suggest_terms('${q}')`,
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${sorted.length} runs, p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? 0)}`;
};

async function main() {
  const db = await openTargetDatabase();
  const anon = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/rpc/search_courses' };
  const time = (sql: string) =>
    runAs(db, { ...anon, readOnly: true }, async (tx) => {
      const start = performance.now();
      await tx.query(sql);
      return performance.now() - start;
    });
  const measure = async (sqls: string[], runs: number) => {
    for (const sql of sqls) await time(sql);
    const bySql = new Map<string, number[]>(sqls.map((sql) => [sql, []]));
    for (let r = 0; r < runs; r++) for (const sql of sqls) bySql.get(sql)?.push(await time(sql));
    return bySql;
  };
  console.info(`database: ${db.location}`);
  const all: number[] = [];
  const medians: [number, string][] = [];
  for (const [label, sqls] of classes) {
    const bySql = await measure(sqls, 5);
    const samples = [...bySql.values()].flat();
    all.push(...samples);
    for (const [sql, s] of bySql)
      medians.push([
        percentile(
          [...s].sort((a, b) => a - b),
          0.5,
        ),
        sql,
      ]);
    console.info(`search_courses, ${label} (${sqls.length} queries): ${summary(samples)}`);
  }
  console.info(`search_courses, all ${medians.length} queries: ${summary(all)}`);
  console.info(`suggest_terms (5 queries): ${summary([...(await measure(suggest, 10)).values()].flat())}`);
  console.info('slowest by median:');
  for (const [median, sql] of medians.sort((a, b) => b[0] - a[0]).slice(0, 5))
    console.info(`  ${ms(median)}  ${sql}`);
  await db.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
