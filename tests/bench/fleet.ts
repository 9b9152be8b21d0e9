// The fleet section: the pages that reach the database (uncached catalogue pages, search requests)
// through HAProxy with one app server and with three, all against the local stack on Postgres with
// 100,000 courses; requests per second, latency, load average and each process's peak memory.
import { closeSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  benchProcessCommand,
  openServerLog,
  SNAPSHOT_DIST,
  startBenchProcess,
  type RunningApp,
} from './app.ts';
import { haproxyPath, startBalanced } from '../fleet/balancer.ts';
import type { ResolvedRoute } from './routes.ts';
import { ensureLargeSeed } from './search.ts';
import { CONNECTIONS, measureLoad, sampleRss, TARGETS } from './throughput.ts';
import { ANY_SUBJECT, SectionRecorder } from './types.ts';

export interface FleetContext {
  routes: ResolvedRoute[];
  quick: boolean;
  postgres: string | undefined;
}

const FLEET_SUBJECTS = ['uncached catalogue page', 'search request'];
const NAMES = ['a', 'b', 'c'] as const;
const SIZES = [1, 3] as const;

const loadNow = () => loadavg()[0] ?? Number.NaN;

interface Round {
  servers: number;
  subject: string;
  rps: number;
  p50: number;
  p99: number;
  load: number;
}

/** One fleet size: its app servers behind HAProxy, each target measured through the balancer. */
async function measureSize(
  rec: SectionRecorder,
  ctx: FleetContext,
  stack: RunningApp,
  size: number,
  seconds: number,
): Promise<{ rounds: Round[]; peaks: number[] }> {
  // The servers' errors go to the log beside the report, as the other sections' do; each server
  // holds its own copy of the file once started.
  const log = openServerLog();
  const balanced = await startBalanced({
    backend: { url: stack.stackUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey },
    names: NAMES.slice(0, size),
    // The app servers share both cores with the stack and the balancer; only the load has its own.
    command: benchProcessCommand(undefined, 'app'),
    env: { BENCH_ROLE: 'app', BENCH_DIST_DIR: SNAPSHOT_DIST },
    stderr: log,
    checks: 'patient',
  }).finally(() => closeSync(log));
  const rounds: Round[] = [];
  const stopSampling = sampleRss([stack.pid, ...balanced.servers.map((s) => s.child.pid ?? 0)]);
  let peaks: number[] = [];
  try {
    for (const target of TARGETS.filter((t) => FLEET_SUBJECTS.includes(t.subject))) {
      const base = target.plan({ ...stack, appUrl: balanced.url }, ctx.routes);
      const subject = `${target.subject}, ${size} app server${size > 1 ? 's' : ''}`;
      const measured = await measureLoad(rec, subject, base, seconds);
      if (!measured) continue;
      const { rps, p50, p99 } = measured.figures;
      rounds.push({ servers: size, subject: target.subject, rps, p50, p99, load: loadNow() });
    }
  } finally {
    peaks = stopSampling();
    await balanced.close();
  }
  return { rounds, peaks };
}

export async function runFleet(ctx: FleetContext): Promise<SectionRecorder> {
  const rec = new SectionRecorder('fleet');
  if (!ctx.postgres) {
    rec.unmeasured(ANY_SUBJECT, 'no Postgres database given (use --postgres URL or BENCH_POSTGRES_URL)');
    return rec;
  }
  haproxyPath();
  await ensureLargeSeed(ctx.postgres);
  // Uncached pages at 100,000 courses take seconds under this load: shorter rounds would count none.
  const seconds = ctx.quick ? 6 : 15;
  const stack = await startBenchProcess('stack', { BENCH_DATABASE_URL: ctx.postgres }, undefined);
  const rounds: Round[] = [];
  const memory: string[][] = [];
  try {
    for (const size of SIZES) {
      const result = await measureSize(rec, ctx, stack, size, seconds);
      rounds.push(...result.rounds);
      const [stackPeak = Number.NaN, ...appPeaks] = result.peaks;
      rec.metric(`${size} app servers`, 'stack-rss-peak', stackPeak, 'MiB');
      rec.metric(`${size} app servers`, 'app-rss-peak-max', Math.max(...appPeaks), 'MiB');
      memory.push([String(size), stackPeak.toFixed(0), appPeaks.map((peak) => peak.toFixed(0)).join(', ')]);
    }
  } finally {
    await stack.stop();
  }
  const rows = rounds.map((round) => {
    const one = rounds.find((r) => r.subject === round.subject && r.servers === 1);
    const ratio = one ? round.rps / one.rps : Number.NaN;
    const subject = `${round.subject}, ${round.servers} app server${round.servers > 1 ? 's' : ''}`;
    rec.metric(subject, 'rps', round.rps, 'req/s');
    rec.metric(subject, 'p99', round.p99, 'ms');
    if (round.servers > 1) rec.metric(round.subject, `rps-ratio-${round.servers}-to-1`, ratio);
    return [
      round.subject,
      String(round.servers),
      round.rps.toFixed(0),
      `${ratio.toFixed(2)}×`,
      String(round.p50),
      String(round.p99),
      round.load.toFixed(1),
    ];
  });
  rec.table(
    'Fleet: one app server and three behind HAProxy, stack on Postgres (100,000 courses)',
    ['target', 'app servers', 'req/s', 'against 1 server', 'p50 ms', 'p99 ms', 'load average (1 min) after'],
    rows,
  );
  rec.table(
    'Fleet: peak memory per process (resident set, MiB)',
    ['app servers', 'local stack', 'each app server'],
    memory,
  );
  rec.note(
    `autocannon on core 0, ${CONNECTIONS} connections, ${seconds} s per target after a discarded warm-up, through HAProxy (round robin) in both rounds. The stack, the balancer and the app servers share the machine's other cores: with few cores a second and third server add processes, not CPU, so the ratio shows what the stack and the database allow, not what more machines would.`,
  );
  return rec;
}
