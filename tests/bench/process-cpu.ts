import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system, every thread) a process has used so far, in ms; NaN when unreadable. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** The processes whose command name is `name` (e.g. every Postgres backend), from /proc. */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

/**
 * A meter of the CPU time used by the processes named `name` (e.g. every Postgres backend): each
 * reading adds what the processes alive at both readings used in between, so one that ends (an
 * autovacuum worker) takes nothing away.
 */
export function groupCpuMeter(name: string): () => number {
  let last = new Map<number, number>();
  let total = 0;
  return () => {
    const now = new Map(pidsNamed(name).map((pid) => [pid, cpuMs(pid)] as const));
    for (const [pid, ms] of now) {
      const before = last.get(pid);
      if (before !== undefined && Number.isFinite(ms) && Number.isFinite(before)) total += ms - before;
    }
    last = now;
    return total;
  };
}

export interface CpuPerRequest {
  /** CPU time of each measured process divided by the requests sent, in ms. */
  perRequest: Record<string, number>;
  requests: number;
  /** Wall time of the whole run, in ms. */
  wallMs: number;
}

/**
 * Sends `count` requests one after another (after `warmup` discarded ones) and divides the CPU time
 * each process used meanwhile by `count`: the steady figure on a shared machine, where latency is not.
 * `meters` read a CPU total (ms) each, e.g. `() => cpuMs(app.pid)`.
 */
export async function cpuPerRequest(
  meters: Record<string, () => number>,
  send: (i: number) => Promise<void>,
  count: number,
  warmup = Math.min(20, count),
): Promise<CpuPerRequest> {
  for (let i = 0; i < warmup; i++) await send(-1 - i);
  const read = () => Object.fromEntries(Object.entries(meters).map(([name, meter]) => [name, meter()]));
  const before = read();
  const started = performance.now();
  for (let i = 0; i < count; i++) await send(i);
  const wallMs = performance.now() - started;
  const after = read();
  const perRequest = Object.fromEntries(
    Object.keys(meters).map((name) => [name, ((after[name] ?? NaN) - (before[name] ?? NaN)) / count]),
  );
  return { perRequest, requests: count, wallMs };
}
