import { fileURLToPath } from 'node:url';
import { runAs } from '../local/db/request-context.ts';
import { openTargetDatabase } from './seed-large.ts';

/**
 * `node supabase/seed/bench-search.ts` after `npm run seed:large`: times search_courses (and
 * suggest_terms) as an anonymous visitor on 50 realistic queries, reporting p50/p95 per kind.
 */
const text = [
  'computer science',
  'comp',
  'computer sci',
  'data science',
  'data',
  'machine learning',
  'nursing',
  'nurs',
  'mba',
  'business',
  'law',
  'international law',
  'psychology',
  'psych',
  'graphic design',
  'architecture',
  'mechanical engineering',
  'engineering',
  'civil eng',
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
const filtered = [
  ["q => 'computer science', levels => array['master']"],
  ["q => 'business', countries => array['GB','IE']"],
  ["q => 'nursing', max_tuition_usd => 30000"],
  ["q => 'data', sort => 'tuition_asc'"],
  ["levels => array['bachelor'], countries => array['CA']"],
  ["sort => 'deadline'"],
  ["sort => 'tuition_asc', max_tuition_usd => 20000"],
  ["levels => array['master'], study_modes => array['online'], sort => 'tuition_desc'"],
  ['intake_month => 1, page_offset => 100'],
  ["fields => array['Psychology'], sort => 'duration'"],
].map(([args]) => args ?? '');
const queries = [...text.map((q) => `q => '${q}'`), ...filtered];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function main() {
  const db = await openTargetDatabase();
  const anon = { role: 'anon', claims: {}, method: 'POST', path: '/rpc/search_courses' };
  const time = async (sql: string) =>
    runAs(db, anon, async (tx) => {
      const start = performance.now();
      await tx.query(sql);
      return performance.now() - start;
    });
  const report = async (label: string, sqls: string[], runs: number) => {
    for (const sql of sqls) await time(sql);
    const samples: number[] = [];
    for (let r = 0; r < runs; r++) for (const sql of sqls) samples.push(await time(sql));
    samples.sort((a, b) => a - b);
    console.info(
      `${label}: ${samples.length} runs, p50 ${percentile(samples, 0.5).toFixed(1)} ms, p95 ${percentile(samples, 0.95).toFixed(1)} ms, max ${(samples.at(-1) ?? 0).toFixed(1)} ms`,
    );
  };
  console.info(`database: ${db.location} (${queries.length} search queries)`);
  await report(
    'search_courses, all 50',
    queries.map((a) => `select * from public.search_courses(${a})`),
    5,
  );
  await report(
    'search_courses, text only',
    queries.slice(0, 40).map((a) => `select * from public.search_courses(${a})`),
    5,
  );
  await report(
    'search_courses, filters',
    queries.slice(40).map((a) => `select * from public.search_courses(${a})`),
    5,
  );
  await report(
    'suggest_terms',
    ['computr science', 'psycholgy', 'enginering', 'nursng', 'marketting'].map(
      (q) => `select * from public.suggest_terms('${q}')`,
    ),
    10,
  );
  await db.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
