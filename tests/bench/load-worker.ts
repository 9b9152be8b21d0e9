// One bounded load run with autocannon, started pinned to its own core by throughput.ts.
// Input: a JSON LoadPlan as the only argument; output: one JSON LoadFigures line.
import autocannon from 'autocannon';

export interface LoadPlan {
  origin: string;
  /** Requests cycled through by every connection; `{n}` becomes a number unique to each request. */
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses per HTTP status. */
  statuses: Record<string, number>;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
// Numbers no earlier run of this bench used (each run is its own process), and a valid amount
// wherever a price is asked: from 20,000 up to about 9 million.
let counter = (process.pid % 9) * 1_000_000 + 20_000;
const request = (path: string): autocannon.Request => {
  const base: autocannon.Request = { method: 'GET', path, headers: plan.headers ?? {} };
  if (!path.includes('{n}')) return base;
  return { ...base, setupRequest: (req) => ({ ...req, path: path.replaceAll('{n}', String(++counter)) }) };
};
const result = await autocannon({
  url: plan.origin,
  connections: plan.connections,
  duration: plan.seconds,
  requests: plan.paths.map(request),
});
const figures: LoadFigures = {
  rps: result.requests.total / plan.seconds,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statuses: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  ),
};
console.info(JSON.stringify(figures));
