// Searches under load, as the search section measures them once the 100,000 courses are loaded: the
// CPU each process spends per request (the steady figure on a shared machine), then requests per
// second and latency with 10 connections, every request a new query, against a prerendered page
// measured in the same run.
import { cpuMs, cpuPerRequest, groupCpuMeter } from './process-cpu.ts';
import { measureLoad } from './throughput.ts';
import type { SectionRecorder } from './types.ts';

/** Connections of the load runs: ten people searching at once. */
export const SEARCHERS = 10;

const WORDS = ['computer', 'data', 'nursing', 'law', 'business', 'design', 'physics', 'history', 'music'];

interface Target {
  kind: 'prerendered page' | 'uncached page' | 'search API';
  /** Paths cycled through, where `{n}` becomes a number never used before: every search is new. */
  paths: string[];
  accept: string;
}

const TARGETS: Target[] = [
  { kind: 'prerendered page', paths: ['/about/'], accept: 'text/html' },
  {
    kind: 'uncached page',
    // A query and a price limit no visitor asked before, so the page cache has nothing stored.
    paths: WORDS.map((q) => `/courses?q=${q}&tuition_max={n}`),
    accept: 'text/html',
  },
  {
    kind: 'search API',
    paths: WORDS.map((q) => `/api/catalogue/courses?q=${q}&v={n}`),
    accept: 'application/json',
  },
];

/** Numbers for the sequential requests, apart from the load runs' (load-worker.ts). */
let counter = 9_500_000 + (Date.now() % 100_000);

const nthPath = (target: Target, n: number) =>
  (target.paths[n % target.paths.length] ?? '/').replace('{n}', String(++counter));

/** Which process's CPU is counted: the app's, the stack's, and every Postgres backend's. */
export interface Meters {
  appPid: number;
  /** Undefined when the stack runs in the app's process (PGlite). */
  stackPid?: number;
  postgres: boolean;
}

export interface LoadRow {
  database: string;
  kind: Target['kind'];
  cpu: Record<string, number>;
  rps: number;
  p50: number;
  p99: number;
}

/** CPU per request and the load run of each target, recorded as `<database> <kind>` subjects. */
export async function measureCatalogueLoad(
  rec: SectionRecorder,
  database: string,
  appUrl: string,
  meters: Meters,
  quick: boolean,
): Promise<LoadRow[]> {
  const counters: Record<string, () => number> = { app: () => cpuMs(meters.appPid) };
  const { stackPid } = meters;
  if (stackPid !== undefined) counters['stack'] = () => cpuMs(stackPid);
  if (meters.postgres) counters['postgres'] = groupCpuMeter('postgres');
  const rows: LoadRow[] = [];
  for (const target of TARGETS) {
    const subject = `${database} ${target.kind}`;
    const send = async () => {
      const response = await fetch(new URL(nthPath(target, counter), appUrl), {
        headers: { accept: target.accept, 'accept-encoding': 'br, gzip' },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${target.kind} answered ${response.status}`);
    };
    const cpu = await cpuPerRequest(counters, send, quick ? 40 : 150);
    for (const [name, ms] of Object.entries(cpu.perRequest)) rec.metric(subject, `${name}-cpu-ms`, ms, 'ms');
    const measured = await measureLoad(
      rec,
      subject,
      {
        origin: appUrl,
        paths: target.paths,
        headers: { accept: target.accept },
      },
      quick ? 4 : 10,
      SEARCHERS,
    );
    if (!measured) continue;
    const { rps, p50, p99 } = measured.figures;
    rec.metric(subject, 'rps', rps, 'req/s');
    rec.metric(subject, 'p50', p50, 'ms');
    rec.metric(subject, 'p99', p99, 'ms');
    rows.push({ database, kind: target.kind, cpu: cpu.perRequest, rps, p50, p99 });
  }
  const base = rows.find((row) => row.database === database && row.kind === 'prerendered page');
  for (const row of rows)
    if (base && row.kind !== 'prerendered page')
      rec.metric(`${database} ${row.kind}`, 'rps-ratio', row.rps / base.rps);
  return rows;
}

/** The table of every database's rows, each beside its own run's prerendered page. */
export function recordLoadTable(rec: SectionRecorder, rows: LoadRow[]): void {
  const cpu = (row: LoadRow, name: string) => {
    const value = row.cpu[name];
    return value === undefined ? '—' : value.toFixed(1);
  };
  rec.table(
    `Catalogue under load: CPU per request (ms, sequential) and ${SEARCHERS} connections of unique queries`,
    [
      'database',
      'request',
      'app CPU',
      'stack CPU',
      'Postgres CPU',
      'req/s',
      'req/s ratio',
      'p50 ms',
      'p99 ms',
    ],
    rows.map((row) => {
      const base = rows.find((r) => r.database === row.database && r.kind === 'prerendered page');
      return [
        row.database,
        row.kind,
        cpu(row, 'app'),
        cpu(row, 'stack'),
        cpu(row, 'postgres'),
        row.rps.toFixed(0),
        base ? `${((row.rps / base.rps) * 100).toFixed(1)} %` : '—',
        String(row.p50),
        String(row.p99),
      ];
    }),
  );
  rec.note(
    'CPU per request is read from /proc/<pid>/stat over sequential requests after a discarded warm-up (user and system time, every thread). ' +
      'On PGlite the stack runs inside the app’s process, so its "app CPU" is both. Every search is a query not asked before, so no stored page answers it.',
  );
}
