/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be 0 to 100, got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length === 0 ? Number.NaN : Math.max(...samples),
  };
}

/**
 * The index of the run nearest the median on every given metric at once, each metric's distance
 * scaled by its median so milliseconds and unitless scores weigh alike. Ties go to the earlier run.
 */
export function medianRunIndex(
  runs: ReadonlyArray<Readonly<Record<string, number>>>,
  keys: string[],
): number {
  if (runs.length === 0) throw new RangeError('no runs to choose from');
  const centres = keys.map((key) => median(runs.map((run) => run[key] ?? Number.NaN)));
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  runs.forEach((run, index) => {
    const distance = keys.reduce((sum, key, k) => {
      const centre = centres[k] ?? 0;
      const scale = Math.abs(centre) > 0 ? Math.abs(centre) : 1;
      return sum + ((((run[key] ?? Number.NaN) - centre) / scale) ** 2 || 0);
    }, 0);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** How long each of `samples` calls takes, sorted, after `warmups` calls not counted; an error stops the run. */
export async function latencies(
  samples: number,
  call: () => PromiseLike<{ error: unknown }>,
  warmups = 5,
): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const { error } = await call();
    if (error) throw new Error(JSON.stringify(error));
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
