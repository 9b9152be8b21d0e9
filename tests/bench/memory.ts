// The memory section: the app server alone (as `npm start` runs it against a separate backend) and
// the local stack alone on PGlite with the demo data, each its own process, at rest and under load.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, rssMiB, startBenchProcess, type RunningApp } from './app.ts';
import { fetchPage, resolveRoutes, ROUTES } from './routes.ts';
import { appSearchPath, SEARCH_QUERIES } from './search-queries.ts';
import { CONNECTIONS, measureLoad, sampleRss } from './throughput.ts';
import { APP_SUBJECT, SectionRecorder, STACK_SUBJECT } from './types.ts';

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** What the load asks for: every page the bench knows, new catalogue searches and search API calls. */
async function loadPaths(app: RunningApp): Promise<string[]> {
  const routes = await resolveRoutes(app.appUrl, ROUTES);
  // The not-found page answers 404, which the load counts as a failure.
  const pages = routes
    .filter((r) => r.status === 'ok' && r.label !== '404')
    .map((r) => new URL(r.url).pathname);
  const searches = ['nursing', 'law', 'computer', 'business'].map((q) => `/courses?q=${q}&v={n}`);
  const api = SEARCH_QUERIES.flatMap((q) => appSearchPath(q) ?? []).map((path) => `${path}&v={n}`);
  return [...pages, ...searches, ...api];
}

/** Every path once, so the server has loaded what it serves before "at rest" is read. */
async function warm(app: RunningApp, paths: string[]): Promise<void> {
  for (const path of paths) await fetchPage(new URL(path.replaceAll('{n}', 'warm'), app.appUrl).href);
}

export async function runMemory({ quick }: { quick: boolean }): Promise<SectionRecorder> {
  const rec = new SectionRecorder('memory');
  const seconds = quick ? 3 : 10;
  const settle = quick ? 2 : 5;
  // A fresh database, so the stack holds the demo data (supabase/seed.sql) and nothing else.
  const dataDir = join(BENCH_DIR, 'memory-data');
  rmSync(dataDir, { recursive: true, force: true });
  const stack = await startBenchProcess('stack', { BENCH_DATA_DIR: dataDir }, undefined);
  let app: RunningApp | undefined;
  try {
    app = await startBenchProcess('app', {
      SUPABASE_URL: stack.stackUrl,
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_URL: '',
      SETUP_ADMIN_TOKEN: '',
    });
    const paths = await loadPaths(app);
    await warm(app, paths);
    await pause(settle);
    const rest = [rssMiB(app.pid), rssMiB(stack.pid)];
    const stopSampling = sampleRss([app.pid, stack.pid]);
    const measured = await measureLoad(rec, 'mixed load', { origin: app.appUrl, paths }, seconds);
    const peaks = stopSampling();
    await pause(settle);
    const after = [rssMiB(app.pid), rssMiB(stack.pid)];
    const rows = [APP_SUBJECT, STACK_SUBJECT].map((subject, i) => {
      rec.metric(subject, 'rss-rest', rest[i] ?? Number.NaN, 'MiB');
      rec.metric(subject, 'rss-peak', peaks[i] ?? Number.NaN, 'MiB');
      rec.metric(subject, 'rss-after', after[i] ?? Number.NaN, 'MiB');
      return [subject, ...[rest[i], peaks[i], after[i]].map((m) => (m ?? Number.NaN).toFixed(0))];
    });
    rec.table(
      'Memory per process (resident set, MiB)',
      ['process', 'at rest (warmed)', 'peak under load', `${settle} s after`],
      rows,
    );
    if (measured) {
      const { rps, p99, requests } = measured.figures;
      rec.metric('mixed load', 'rps', rps, 'req/s');
      rec.note(
        `Load: ${paths.length} paths (every bench route, uncached searches and search API calls) from autocannon, ${CONNECTIONS} connections for ${seconds} s: ${requests} requests, ${rps.toFixed(0)} req/s, p99 ${p99} ms.`,
      );
    }
    rec.note(
      'Each process on its own: the app server as `npm start` runs it (background work included) against the stack in a second process; the stack on a fresh PGlite database holding the demo data.',
    );
  } finally {
    await app?.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rec;
}
