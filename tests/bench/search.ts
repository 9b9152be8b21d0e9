import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseTarget } from '../../supabase/local/db/open.ts';
import { runAs } from '../../supabase/local/db/request-context.ts';
import { PROJECT_ROOT, serverCore, startBenchProcess, type RunningApp } from './app.ts';
import { measureCatalogueLoad, recordLoadTable, type LoadRow } from './catalogue-load.ts';
import { appSearchPath, SEARCH_QUERIES, searchPath, searchSql } from './search-queries.ts';
import { summarize, type Summary } from './stats.ts';
import { SectionRecorder } from './types.ts';

const SEED_SCRIPT = join(PROJECT_ROOT, 'supabase/seed/seed-large.ts');
const LARGE_COURSES = 100_000;
const ms = (n: number) => n.toFixed(1);

/** Changes whenever the schema or the seed generator does, so a stale large seed is rebuilt. */
function seedDigest(): string {
  const hash = createHash('sha256');
  for (const dir of ['supabase/migrations', 'supabase/seed']) {
    const full = join(PROJECT_ROOT, dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full, { recursive: true }).map(String).sort()) {
      if (/\.(sql|ts)$/.test(name)) hash.update(name).update(readFileSync(join(full, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function seedLarge(env: Record<string, string>): void {
  console.info('Loading 100,000 courses (npm run seed:large)…');
  const result = spawnSync(process.execPath, [SEED_SCRIPT], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the large seed failed');
}

async function timeDatabase(target: DatabaseTarget, runs: number): Promise<Summary> {
  const { db } = await openDatabase(target);
  try {
    const anon = {
      role: 'anon',
      claims: { role: 'anon' },
      method: 'GET',
      path: '/rpc/search_courses',
      readOnly: true,
    };
    const once = (sql: string) =>
      runAs(db, anon, async (tx) => {
        const started = performance.now();
        await tx.query(sql);
        return performance.now() - started;
      });
    for (const query of SEARCH_QUERIES) await once(searchSql(query));
    const samples: number[] = [];
    for (let r = 0; r < runs; r++)
      for (const query of SEARCH_QUERIES) samples.push(await once(searchSql(query)));
    return summarize(samples);
  } finally {
    await db.close();
  }
}

type Route = 'db' | 'rest' | 'app';

const ROUTE_LABEL: Record<Route, string> = {
  db: 'database (search_courses as anon)',
  rest: 'REST API (GET /rest/v1/rpc/search_courses)',
  app: 'app search API (GET /api/catalogue/courses, cache bypassed)',
};

let unique = 0;

/** Sequential requests, one warm-up pass discarded; the app's paths get a fresh parameter so its cache never answers. */
async function timeHttp(app: RunningApp, route: 'rest' | 'app', runs: number): Promise<Summary> {
  const rest = route === 'rest';
  const headers = rest ? { apikey: app.anonKey, accept: 'application/json' } : { accept: 'application/json' };
  const paths = rest ? SEARCH_QUERIES.map(searchPath) : SEARCH_QUERIES.flatMap((q) => appSearchPath(q) ?? []);
  const once = async (path: string) => {
    const target = new URL(path, rest ? app.stackUrl : app.appUrl);
    if (!rest) target.searchParams.set('v', `bench${++unique}`);
    const started = performance.now();
    const response = await fetch(target, { headers });
    if (!response.ok) throw new Error(`${target.pathname} answered ${response.status}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (const path of paths) await once(path);
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) for (const path of paths) samples.push(await once(path));
  return summarize(samples);
}

function record(rec: SectionRecorder, subject: string, route: Route, s: Summary): string[] {
  const prefix = route === 'db' ? 'db' : route === 'rest' ? 'e2e' : 'app';
  rec.metric(subject, `${prefix}-p50`, s.p50, 'ms');
  rec.metric(subject, `${prefix}-p95`, s.p95, 'ms');
  rec.metric(subject, `${prefix}-p99`, s.p99, 'ms');
  return [subject, ROUTE_LABEL[route], String(s.count), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
}

/** End to end through the REST API and through the app's own search API. */
async function measureHttp(state: SearchState, subject: string, app: RunningApp, quick: boolean) {
  for (const route of ['rest', 'app'] as const) {
    const summary = await attempt(state.rec, `${subject} ${route}`, () =>
      timeHttp(app, route, quick ? 2 : 10),
    );
    if (summary) state.rows.push(record(state.rec, subject, route, summary));
  }
}

/** Runs one measurement; a failure (e.g. a search function being rewritten) is reported, not thrown. */
async function attempt<T>(
  rec: SectionRecorder,
  subject: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const detail = (error as { detail?: unknown }).detail;
    rec.unmeasured(subject, `failed: ${message}${typeof detail === 'string' ? ` (${detail})` : ''}`);
    console.error(`  search on ${subject} failed: ${message}`);
    return undefined;
  }
}

export interface SearchState {
  rec: SectionRecorder;
  rows: string[][];
  /** The catalogue under load, per database. */
  load: LoadRow[];
  ready: boolean;
}

/** Before the app starts (PGlite has one user at a time): load the large seed and time the database. */
export async function prepareSearch(dataDir: string, quick: boolean): Promise<SearchState> {
  const rec = new SectionRecorder('search');
  const state: SearchState = { rec, rows: [], load: [], ready: false };
  if (!existsSync(SEED_SCRIPT)) {
    rec.unmeasured(
      'PGlite',
      'not available yet: the large seed (supabase/seed/seed-large.ts, npm run seed:large) does not exist',
    );
    return state;
  }
  const marker = join(dataDir, 'large-seed.json');
  const digest = seedDigest();
  const current = existsSync(marker)
    ? (JSON.parse(readFileSync(marker, 'utf8')) as { digest?: string }).digest
    : undefined;
  if (current === digest)
    rec.note('The large seed in .bench/data matches the schema and seed files; it was not reloaded.');
  else {
    const seeded = await attempt(rec, 'PGlite', async () => {
      // From scratch: an edited migration is never applied again to a database that already has it.
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      seedLarge({ SUPABASE_DATA_DIR: dataDir });
      writeFileSync(marker, JSON.stringify({ digest, courses: LARGE_COURSES }));
      return true;
    });
    if (!seeded) return state;
  }
  const timing = await attempt(rec, 'PGlite', () =>
    timeDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') }, quick ? 2 : 10),
  );
  if (timing) {
    state.rows.push(record(rec, 'PGlite', 'db', timing));
    state.ready = true;
  }
  return state;
}

/** Loads the 100,000 courses into a Postgres database that does not hold them yet (migrating it first). */
export async function ensureLargeSeed(url: string): Promise<void> {
  const { db } = await openDatabase({ kind: 'postgres', url });
  const count = await db.query<{ n: string }>('select count(*)::text as n from public.courses');
  await db.close();
  if (Number(count.rows[0]?.n ?? 0) < LARGE_COURSES) seedLarge({ DATABASE_URL: url });
}

async function measurePostgres(state: SearchState, url: string, quick: boolean): Promise<void> {
  await ensureLargeSeed(url);
  state.rows.push(
    record(state.rec, 'Postgres', 'db', await timeDatabase({ kind: 'postgres', url }, quick ? 2 : 10)),
  );
  // The stack and the app each in a process of its own, as `npm run backend` and `npm run serve` run
  // them; the app on the server core, the stack beside the load generator.
  const stack = await startBenchProcess('stack', { BENCH_DATABASE_URL: url }, undefined);
  try {
    const app = await startBenchProcess(
      'app',
      {
        SUPABASE_URL: stack.stackUrl,
        SUPABASE_ANON_KEY: stack.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        BACKGROUND_WORK: 'off',
        HOST: '127.0.0.1',
        PORT: '0',
      },
      serverCore(),
    );
    try {
      await measureHttp(
        state,
        'Postgres',
        { ...app, stackUrl: stack.stackUrl, anonKey: stack.anonKey },
        quick,
      );
      const rows = await attempt(state.rec, 'Postgres load', () =>
        measureCatalogueLoad(
          state.rec,
          'Postgres',
          app.appUrl,
          { appPid: app.pid, stackPid: stack.pid, postgres: true },
          quick,
        ),
      );
      state.load.push(...(rows ?? []));
    } finally {
      await app.stop();
    }
  } finally {
    await stack.stop();
  }
}

/** With the app running: search through the REST API and the app, then all of it on Postgres when given. */
export async function runSearch(
  state: SearchState,
  app: RunningApp,
  quick: boolean,
  postgres: string | undefined,
) {
  const { rec } = state;
  if (state.ready) {
    await measureHttp(state, 'PGlite', app, quick);
    const rows = await attempt(rec, 'PGlite load', () =>
      measureCatalogueLoad(rec, 'PGlite', app.appUrl, { appPid: app.pid, postgres: false }, quick),
    );
    state.load.push(...(rows ?? []));
  }
  if (postgres) await attempt(rec, 'Postgres', () => measurePostgres(state, postgres, quick));
  else rec.unmeasured('Postgres', 'no Postgres database given (use --postgres URL or BENCH_POSTGRES_URL)');
  rec.table(
    `Search latency, ${SEARCH_QUERIES.length} query shapes (ms)`,
    ['database', 'measured', 'samples', 'p50', 'p95', 'p99', 'max'],
    state.rows,
  );
  if (state.load.length > 0) recordLoadTable(rec, state.load);
  rec.note(
    `Query shapes: ${SEARCH_QUERIES.map((q) => q.label).join('; ')}. Sequential, after one warm-up pass.`,
  );
  return rec;
}
