import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../local/db/open.ts';
import type { Database } from '../local/db/types.ts';
import { countries } from './data/countries.ts';
import { fields } from './data/programmes.ts';
import { clearBench, insertCourses, insertUniversities, refreshSummaries } from './large-sql.ts';

/**
 * `npm run seed:large`: adds 10,000 universities and 100,000 courses (with intakes) to the stack's
 * database (.data/db, or DATABASE_URL), for measuring search. Stop the stack first when it runs on
 * PGlite: a PGlite data folder has one user at a time. Rerunning replaces the earlier bench rows.
 */
const projectDir = resolve(fileURLToPath(import.meta.url), '../../..');
const universities = Number(process.env['SEED_UNIVERSITIES'] ?? 10_000);
const courses = Number(process.env['SEED_COURSES'] ?? 100_000);
const batch = 10_000;

export async function openTargetDatabase(): Promise<Database> {
  const url = process.env['DATABASE_URL'];
  const dataDir = join(process.env['SUPABASE_DATA_DIR'] ?? join(projectDir, '.data'), 'db');
  return (await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir })).db;
}

async function timed(label: string, work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  console.info(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

const cities = countries.flatMap((c) => c.universities.map(([, city]) => ({ city, country: c })));
const courseParams = [
  fields.map((f) => f.field),
  fields.flatMap((f) => f.specialisations.slice(0, 3)),
  fields.map((f) => f.bachelor),
  fields.map((f) => f.master),
  fields.flatMap((f) => f.topics.slice(0, 5)),
  fields.flatMap((f) => f.careers.slice(0, 3)),
  universities,
];

// Triggers stay off inside each load transaction: the statements write every derived column.
const withoutTriggers = (db: Database, sql: string, params: unknown[]) =>
  db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(sql, params);
  });

async function main() {
  const db = await openTargetDatabase();
  console.info(`database: ${db.location}`);
  await timed('clear earlier bench rows', () => db.exec(clearBench));
  await timed(`universities (${universities})`, () =>
    withoutTriggers(db, insertUniversities, [
      cities.map((c) => c.city),
      cities.map((c) => c.country.code),
      cities.map((c) => c.country.name),
      cities.map((c) => c.country.currency),
      universities,
    ]),
  );
  for (let from = 0; from < courses; from += batch) {
    const to = Math.min(from + batch, courses) - 1;
    await timed(`courses ${from}-${to} with intakes`, () =>
      withoutTriggers(db, insertCourses, [from, to, ...courseParams]),
    );
  }
  await timed('summaries, search terms, statistics', async () => {
    for (const sql of refreshSummaries) await db.exec(sql);
  });
  // The load ran without triggers, so the search table is filled here in one pass.
  await timed('search table', async () => {
    await db.exec(`select public.sync_course_search(array(select id from public.courses))`);
    await db.exec('vacuum analyze public.course_search, public.course_search_lexemes');
  });
  await db.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
