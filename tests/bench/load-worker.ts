// One bounded load run with autocannon, started pinned to its own core by throughput.ts.
// Input: a JSON LoadPlan as the only argument; output: one JSON LoadFigures line.
import autocannon from 'autocannon';

export interface LoadPlan {
  origin: string;
  /** Requests cycled through by every connection. */
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
const result = await autocannon({
  url: plan.origin,
  connections: plan.connections,
  duration: plan.seconds,
  requests: plan.paths.map((path) => ({ method: 'GET', path, headers: plan.headers ?? {} })),
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
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  ),
};
console.info(JSON.stringify(figures));
