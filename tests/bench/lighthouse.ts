import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from '../helpers/chromium.ts';
import { BENCH_DIR, PROJECT_ROOT } from './app.ts';
import type { Environment } from './report.ts';
import { LIGHTHOUSE_ROUTES, type ResolvedRoute } from './routes.ts';
import { medianRunIndex } from './stats.ts';
import { SectionRecorder } from './types.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
const PRESETS: Array<{ name: 'mobile' | 'desktop'; config: Config | undefined }> = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

export interface LighthouseContext {
  routes: ResolvedRoute[];
  quick: boolean;
  env: Environment;
}

type RunFigures = Record<string, number>;

function figures(lhr: Result): RunFigures {
  const out: RunFigures = {};
  for (const c of CATEGORIES) out[c] = Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100);
  for (const [key, audit] of Object.entries(METRICS))
    out[key] = lhr.audits[audit]?.numericValue ?? Number.NaN;
  return out;
}

/** Audits that cost points in the chosen run: what to fix first. */
function failingAudits(lhr: Result): string[] {
  return Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map(
        (ref) =>
          `${category.id}/${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`,
      ),
  );
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is retried. */
async function runWithRetry(url: string, config: Config | undefined, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, config);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.info(`  retrying ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function runOnce(url: string, config: Config | undefined): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable() ?? '/usr/bin/chromium',
    chromeFlags: [...chromiumArgs, '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits);

function versions(env: Environment, lhr: Result | undefined): void {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  env.lighthouse = `${pkg.version}${lhr ? `, benchmarkIndex ${fmt(lhr.environment.benchmarkIndex)}` : ''}`;
  try {
    env.chromium = execFileSync(chromiumExecutable() ?? 'chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    env.chromium = 'unknown';
  }
}

/** Keeps the median run's full report for diagnosis: <bench folder>/lighthouse/<route>.<preset>.json. */
function saveReport(label: string, preset: string, lhr: Result): void {
  const dir = join(BENCH_DIR, 'lighthouse');
  mkdirSync(dir, { recursive: true });
  const name = label
    .replace(/^\/$/, 'home')
    .replace(/[^\w-]+/g, '_')
    .replace(/^_|_$/g, '');
  writeFileSync(join(dir, `${name}.${preset}.json`), JSON.stringify(lhr));
}

const COLUMNS = ['route', 'preset', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'];

/** Runs one route with one preset `runs` times and records the median run; returns its table row and report. */
async function measurePreset(
  rec: SectionRecorder,
  route: ResolvedRoute,
  preset: (typeof PRESETS)[number],
  runs: number,
): Promise<{ row: string[]; lhr: Result } | undefined> {
  const lhrs: Result[] = [];
  try {
    for (let i = 0; i < runs; i++) lhrs.push(await runWithRetry(route.url, preset.config));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    rec.unmeasured(route.label, `Lighthouse failed (${preset.name}): ${message}`);
    return undefined;
  }
  const all = lhrs.map(figures);
  const index = medianRunIndex(all, ['fcp', 'lcp', 'tbt']);
  const chosen = all[index] ?? {};
  const lhr = lhrs[index] as Result;
  saveReport(route.label, preset.name, lhr);
  for (const [name, value] of Object.entries(chosen))
    rec.metric(route.label, `${preset.name}:${name}`, value);
  const scores = all.map((f) => fmt(f['performance'])).join(' ');
  console.info(`  ${route.label} ${preset.name}: performance ${scores}`);
  const metrics = ['fcp', 'lcp', 'tbt', 'cls', 'si'].map((m) => fmt(chosen[m], m === 'cls' ? 3 : 0));
  const row = [route.label, preset.name, ...CATEGORIES.map((c) => fmt(chosen[c])), ...metrics, scores];
  return { row: [...row, failingAudits(lhr).join('; ') || '—'], lhr };
}

/** Lighthouse, mobile and desktop presets, median of 5 runs per route (1 with --quick). */
export async function runLighthouse(ctx: LighthouseContext): Promise<SectionRecorder> {
  const rec = new SectionRecorder('lighthouse');
  const runs = ctx.quick ? 1 : 5;
  const rows: string[][] = [];
  let sample: Result | undefined;
  for (const route of ctx.routes.filter((r) => LIGHTHOUSE_ROUTES.has(r.label))) {
    if (route.status === 'missing') {
      rec.unmeasured(route.label, `not available yet: ${route.reason}`);
      continue;
    }
    for (const preset of PRESETS) {
      const measured = await measurePreset(rec, route, preset, runs);
      if (!measured) continue;
      rows.push(measured.row);
      sample ??= measured.lhr;
    }
  }
  versions(ctx.env, sample);
  rec.table(
    `Lighthouse, median of ${runs} run${runs === 1 ? '' : 's'} (times in ms, simulated throttling)`,
    [...COLUMNS, 'perf of each run', 'audits losing points (median run)'],
    rows,
  );
  rec.note(
    `The full report of each median run is in ${relative(PROJECT_ROOT, join(BENCH_DIR, 'lighthouse'))}/ (open it in the Lighthouse viewer).`,
  );
  if (ctx.quick)
    rec.note('Quick mode: one run per route and preset, so scores are noisier than the median of five.');
  return rec;
}
