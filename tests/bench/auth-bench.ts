// Measures password sign-ins and refreshes per second against the local auth API.
// Usage: node tests/bench/auth-bench.ts [--postgres postgres://user:pass@host:5432/db] [--requests 200]
import { parseArgs } from 'node:util';
import { startStack, type RunningStack, type StackOptions } from '../../supabase/local/server.ts';
import { configForOneAddress } from '../helpers/stack-config.ts';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    requests: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const password = 'benchmark passphrase 2024';

async function post(stack: RunningStack, path: string, body: unknown, key = stack.anonKey) {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Runs `count` operations, `concurrency` at a time; returns operations per second and p50/p95 in ms. */
async function measure(count: number, op: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await op(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1);
  return { perSecond: (count / elapsed).toFixed(1), p50: pct(0.5), p95: pct(0.95) };
}

async function bench(label: string, database: NonNullable<StackOptions['database']>) {
  const stack = await startStack({
    port: 0,
    quiet: true,
    database,
    config: configForOneAddress(),
  });
  try {
    const email = `bench.${Date.now()}@example.com`;
    await post(stack, '/admin/users', { email, password, email_confirm: true }, stack.serviceRoleKey);
    const signIns = await measure(total, async () => {
      await post(stack, '/token?grant_type=password', { email, password });
    });
    const chains = await Promise.all(
      Array.from({ length: concurrency }, async () =>
        String((await post(stack, '/token?grant_type=password', { email, password }))['refresh_token']),
      ),
    );
    const refreshes = await measure(total, async (i) => {
      const slot = i % concurrency;
      const session = await post(stack, '/token?grant_type=refresh_token', { refresh_token: chains[slot] });
      chains[slot] = String(session['refresh_token']);
    });
    return [
      { database: label, operation: 'password sign-in', requests: total, ...signIns },
      { database: label, operation: 'refresh', requests: total, ...refreshes },
    ];
  } finally {
    await stack.stop();
  }
}

const rows = await bench('PGlite (memory)', { kind: 'prepared-memory' });
if (values.postgres) rows.push(...(await bench('Postgres', { kind: 'postgres', url: values.postgres })));
console.log(`auth API, ${total} requests per operation, concurrency ${concurrency}`);
console.table(
  rows
    .map((r) => ({ ...r, 'ops/s': r.perSecond, 'p50 ms': r.p50, 'p95 ms': r.p95 }))
    .map(({ perSecond: _a, p50: _b, p95: _c, ...r }) => r),
);
