// Measures the REST API: requests/s and p95 latency of a typical embedded select and a filtered RPC.
// Usage: node tests/bench/rest-bench.ts [--postgres postgres://…] [--requests 400] [--concurrency 4]
import { parseArgs } from 'node:util';
import { startStack } from '../../supabase/local/server.ts';
import { clientFor } from '../helpers/stack.ts';
import { fixtureSql } from '../integration/rest/fixture.ts';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '4' },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);

async function measure(label: string, call: () => PromiseLike<{ error: unknown }>): Promise<void> {
  for (let i = 0; i < 20; i++) await call();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const { error } = await call();
      if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  console.info(
    `${label.padEnd(16)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p95 ${p95.toFixed(1)} ms`,
  );
}

const stack = await startStack({
  port: 0,
  quiet: true,
  database: values.postgres ? { kind: 'postgres', url: values.postgres } : { kind: 'prepared-memory' },
});
try {
  await stack.db.exec(fixtureSql);
  const db = clientFor(stack);
  console.info(`${stack.db.kind}: ${total} requests per case, ${concurrency} at a time`);
  await measure('embedded select', () =>
    db
      .from('rt_countries')
      .select('name, code, rt_cities(name, population), rt_capitals(rt_cities(name))')
      .order('id'),
  );
  await measure('filtered rpc', () =>
    db.rpc('rt_cities_of', { country: 2 }).select('id, name').gt('population', 1000000).order('name'),
  );
} finally {
  await stack.stop();
}
