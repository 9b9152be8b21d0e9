import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pinned, rssMiB, type RunningApp } from './app.ts';
import type { LoadFigures, LoadPlan } from './load-worker.ts';
import type { ResolvedRoute } from './routes.ts';
import { appSearchPath, SEARCH_QUERIES } from './search-queries.ts';
import { SectionRecorder } from './types.ts';

const run = promisify(execFile);

export interface ThroughputContext {
  app: RunningApp;
  routes: ResolvedRoute[];
  quick: boolean;
}

interface Target {
  subject: string;
  /** The route the target needs, when it is an app page. */
  route?: string;
  plan: (app: RunningApp, routes: ResolvedRoute[]) => Omit<LoadPlan, 'connections' | 'seconds'>;
}

const pathOf = (routes: ResolvedRoute[], label: string) =>
  new URL(routes.find((r) => r.label === label)?.url ?? '/').pathname;
/** The header the app's rendered catalogue cache sets (src/features/catalogue/page-cache). */
const CACHE_STATUS_HEADER = 'x-catalogue-cache';
const TERMS = [
  'computer',
  'data',
  'nursing',
  'law',
  'business',
  'design',
  'physics',
  'history',
  'music',
  'finance',
];

export const TARGETS: Target[] = [
  {
    subject: 'prerendered page',
    route: '/about',
    plan: (app, routes) => ({ origin: app.appUrl, paths: [pathOf(routes, '/about')] }),
  },
  {
    subject: 'cached catalogue page',
    route: '/universities',
    plan: (app, routes) => ({ origin: app.appUrl, paths: [pathOf(routes, '/universities')] }),
  },
  {
    subject: 'uncached catalogue page',
    route: '/courses',
    // Realistic queries made unique by an extra parameter, so the rendered-page cache never answers.
    plan: (app, routes) => ({
      origin: app.appUrl,
      paths: TERMS.flatMap((q) =>
        [1, 2, 3].map((page) => `${pathOf(routes, '/courses')}?q=${q}&page=${page}&v={n}`),
      ),
    }),
  },
  {
    subject: 'search request',
    route: '/courses',
    // What the search island asks while a visitor types: a new query each time, so never from the cache.
    plan: (app) => ({
      origin: app.appUrl,
      paths: SEARCH_QUERIES.flatMap((q) => appSearchPath(q) ?? []).map((path) => `${path}&v={n}`),
      headers: { accept: 'application/json' },
    }),
  },
];

/** One load run from its own process, pinned to core 0 (the server's is core 1). */
export async function load(plan: LoadPlan): Promise<LoadFigures> {
  const core = availableParallelism() >= 2 ? 0 : undefined;
  const [command, args] = pinned(core, process.execPath, [
    join(import.meta.dirname, 'load-worker.ts'),
    JSON.stringify(plan),
  ]);
  const { stdout } = await run(command, args, { maxBuffer: 1 << 20, timeout: (plan.seconds + 30) * 1000 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadFigures;
}

/** What the app's rendered-page cache says about one more request of the kind just measured. */
async function cacheStatus(plan: LoadPlan): Promise<string> {
  const path = (plan.paths[0] ?? '/').replaceAll('{n}', `probe${Date.now()}`);
  try {
    const response = await fetch(new URL(path, plan.origin), { headers: plan.headers ?? {} });
    await response.arrayBuffer();
    return response.headers.get(CACHE_STATUS_HEADER) ?? 'none';
  } catch {
    return 'unknown';
  }
}

/** Samples the resident memory of some processes every 200 ms; the returned function stops and gives each peak. */
export function sampleRss(pids: number[]): () => number[] {
  const peaks = pids.map(() => 0);
  const timer = setInterval(
    () =>
      pids.forEach((pid, i) => {
        // A process that has just exited reads as NaN: it leaves the peak as it was.
        const now = rssMiB(pid);
        if (Number.isFinite(now)) peaks[i] = Math.max(peaks[i] ?? 0, now);
      }),
    200,
  );
  return () => {
    clearInterval(timer);
    return peaks;
  };
}

/** Connections of every load run. */
export const CONNECTIONS = 32;
type Measured = { subject: string; figures: LoadFigures; cache: string };

/**
 * A discarded warm-up round, then the measured round, with compressed responses asked for as browsers
 * do; undefined (and recorded as unmeasured) when more than 1 % of the requests failed.
 */
export async function measureLoad(
  rec: SectionRecorder,
  subject: string,
  base: Omit<LoadPlan, 'connections' | 'seconds'>,
  seconds: number,
  connections: number = CONNECTIONS,
): Promise<{ figures: LoadFigures; plan: LoadPlan } | undefined> {
  const headers = { 'accept-encoding': 'br, gzip', ...base.headers };
  const plan = { ...base, headers, connections, seconds };
  await load({ ...plan, seconds: Math.max(2, seconds / 2) });
  const figures = await load(plan);
  const failed = figures.non2xx + figures.errors + figures.timeouts;
  if (failed > figures.requests * 0.01) {
    const statuses = Object.entries(figures.statuses).map(([code, n]) => `${n}× ${code}`);
    const detail = `${statuses.join(', ') || 'no response'}; ${figures.errors} errors`;
    rec.unmeasured(subject, `${failed} of ${figures.requests} requests failed (${detail})`);
    return undefined;
  }
  const { rps, p50, p99 } = figures;
  console.info(`  ${subject}: ${rps.toFixed(0)} req/s, p50 ${p50} ms, p99 ${p99} ms`);
  return { figures, plan };
}

/** One target of this section; undefined when it could not be measured. */
async function measureTarget(ctx: ThroughputContext, rec: SectionRecorder, target: Target, seconds: number) {
  const route = target.route ? ctx.routes.find((r) => r.label === target.route) : undefined;
  if (route?.status === 'missing') {
    rec.unmeasured(target.subject, `not available yet: ${route.reason}`);
    return undefined;
  }
  const measured = await measureLoad(rec, target.subject, target.plan(ctx.app, ctx.routes), seconds);
  if (!measured) return undefined;
  return { subject: target.subject, figures: measured.figures, cache: await cacheStatus(measured.plan) };
}

/** Requests per second and latency of four kinds of request, each relative to the prerendered page. */
export async function runThroughput(ctx: ThroughputContext): Promise<SectionRecorder> {
  const rec = new SectionRecorder('throughput');
  const seconds = ctx.quick ? 3 : 10;
  const settle = ctx.quick ? 2 : 5;
  const before = rssMiB(ctx.app.pid);
  const stopSampling = sampleRss([ctx.app.pid]);
  const measured: Measured[] = [];
  for (const target of TARGETS) {
    const result = await measureTarget(ctx, rec, target, seconds);
    if (result) measured.push(result);
  }
  const [peak = Number.NaN] = stopSampling();
  await new Promise((resolve) => setTimeout(resolve, settle * 1000));
  const after = rssMiB(ctx.app.pid);
  recordFigures(rec, measured);
  rec.metric('server', 'rss-before', before, 'MiB');
  rec.metric('server', 'rss-peak-during', peak, 'MiB');
  rec.metric('server', 'rss-after', after, 'MiB');
  const memory = [before, peak, after].map((m) => m.toFixed(0));
  rec.table(
    'Server memory (app and local stack in one process, MiB)',
    ['before load', 'peak during load', `${settle} s after`],
    [memory],
  );
  const pin =
    ctx.app.core === undefined
      ? 'not pinned (needs taskset and 2 cores)'
      : `server on core ${ctx.app.core}, autocannon on core 0`;
  const warm = Math.max(2, seconds / 2);
  rec.note(
    `autocannon, ${CONNECTIONS} connections, ${seconds} s per target after a discarded ${warm} s warm-up; ${pin}; loopback only.`,
  );
  return rec;
}

function recordFigures(
  rec: SectionRecorder,
  measured: Array<{ subject: string; figures: LoadFigures; cache: string }>,
): void {
  const base = measured.find((m) => m.subject === 'prerendered page')?.figures;
  const ratio = (value: number, reference: number | undefined) =>
    reference ? value / reference : Number.NaN;
  const rows = measured.map(({ subject, figures: f, cache }) => {
    rec.metric(subject, 'rps', f.rps, 'req/s');
    rec.metric(subject, 'p50', f.p50, 'ms');
    rec.metric(subject, 'p99', f.p99, 'ms');
    rec.metric(subject, 'rps-ratio', ratio(f.rps, base?.rps));
    rec.metric(subject, 'p50-ratio', ratio(f.p50, base?.p50));
    rec.metric(subject, 'p99-ratio', ratio(f.p99, base?.p99));
    return [
      subject,
      f.rps.toFixed(0),
      `${ratio(f.rps, base?.rps).toFixed(2)}×`,
      `${f.p50} (${ratio(f.p50, base?.p50).toFixed(1)}×)`,
      `${f.p99} (${ratio(f.p99, base?.p99).toFixed(1)}×)`,
      `${f.errors} / ${f.timeouts} / ${f.non2xx}`,
      cache,
    ];
  });
  rec.table(
    'Throughput (ratios against the prerendered page in this run)',
    [
      'target',
      'req/s',
      'req/s ratio',
      'p50 ms (ratio)',
      'p99 ms (ratio)',
      'errors / timeouts / non-2xx',
      CACHE_STATUS_HEADER,
    ],
    rows,
  );
}
