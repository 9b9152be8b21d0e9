// `npm run bench`: measures the built app the way visitors feel it and checks the performance budgets.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import {
  BENCH_DIR,
  ensureBuild,
  PROJECT_ROOT,
  snapshotBuild,
  SNAPSHOT_DIST,
  startApp,
  type RunningApp,
} from './app.ts';
import { evaluateBudgets, exitCode } from './budgets.ts';
import { runJsBytes } from './js-bytes.ts';
import { parseOptions, type BenchOptions } from './options.ts';
import { writeReport, type Environment } from './report.ts';
import { resolveRoutes, ROUTES, type ResolvedRoute } from './routes.ts';
import { prepareSearch, runSearch, type SearchState } from './search.ts';
import { runLighthouse } from './lighthouse.ts';
import { runThroughput } from './throughput.ts';
import { runInteraction } from './interaction.ts';
import { runMemory } from './memory.ts';
import { runFleet } from './fleet.ts';
import { runAssessment } from './assessment.ts';
import { runReports } from './reports.ts';
import { ANY_SUBJECT, SectionRecorder, type SectionName, type SectionResult } from './types.ts';
import { join, relative } from 'node:path';

function environment(options: BenchOptions): Environment {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) ? ' (with uncommitted changes)' : '';
  return {
    date: new Date().toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']) + dirty,
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    options: [
      `sections ${options.sections.join(',')}`,
      options.quick ? 'quick' : '',
      options.strict ? 'strict' : '',
      options.routes ? `routes ${options.routes.join(',')}` : '',
    ]
      .filter(Boolean)
      .join(', '),
    warnings: [],
  };
}

/** Runs one section; a section that breaks is reported as such and the others still run. */
async function timed(name: SectionName, work: () => Promise<SectionRecorder>): Promise<SectionResult> {
  const started = performance.now();
  let rec: SectionRecorder;
  try {
    rec = await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  the ${name} section failed: ${message}`);
    rec = new SectionRecorder(name);
    rec.unmeasured(ANY_SUBJECT, `the section failed: ${message.split('\n')[0]}`);
  }
  rec.result.seconds = (performance.now() - started) / 1000;
  return rec.result;
}

interface RunContext {
  options: BenchOptions;
  app: RunningApp;
  routes: ResolvedRoute[];
  env: Environment;
  search: SearchState | undefined;
}

async function runSections({ options, app, routes, env, search }: RunContext) {
  const clientDir = join(SNAPSHOT_DIST, 'client');
  const sections: Record<SectionName, () => Promise<SectionRecorder>> = {
    js: () => runJsBytes({ routes, clientDir }),
    lighthouse: () => runLighthouse({ routes, quick: options.quick, env }),
    throughput: () => runThroughput({ app, routes, quick: options.quick }),
    search: async () => {
      if (!search) throw new Error('the search data was not prepared');
      return runSearch(search, app, options.quick, options.postgres);
    },
    interaction: () => runInteraction({ routes, quick: options.quick, env }),
    memory: () => runMemory({ quick: options.quick }),
    fleet: () => runFleet({ routes, quick: options.quick, postgres: options.postgres }),
    assessment: () => runAssessment({ postgres: options.postgres, quick: options.quick }),
    reports: () => runReports({ postgres: options.postgres, quick: options.quick }),
  };
  const results: SectionResult[] = [];
  for (const name of options.sections) {
    console.info(`\n— ${name} —`);
    results.push(await timed(name, sections[name]));
  }
  return results;
}

/**
 * Prepares the bench database and starts the app on it. A data folder that no longer migrates (an
 * edited migration that was already applied there) is deleted once and built again from scratch.
 */
async function startWithData(options: BenchOptions, env: Environment) {
  const dataDir = join(BENCH_DIR, 'data');
  for (let attempt = 1; ; attempt++) {
    const search = options.sections.includes('search')
      ? await prepareSearch(dataDir, options.quick)
      : undefined;
    console.info('Starting the local stack and the app…');
    try {
      return { app: await startApp({ BENCH_DATA_DIR: dataDir }), search };
    } catch (error) {
      if (attempt >= 2) throw error;
      console.info(
        'The app did not start on the bench database (see .bench/app.log); rebuilding the database.',
      );
      env.warnings.push('The bench database did not migrate and was rebuilt from scratch.');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const env = environment(options);
  const [load = 0] = loadavg();
  if (load > cpus().length)
    env.warnings.push(
      `The machine was busy when the bench started (load ${load.toFixed(1)} on ${cpus().length} cores): timings are pessimistic and noisy.`,
    );
  env.warnings.push(...ensureBuild(options.build));
  env.build = snapshotBuild();
  const { app, search } = await startWithData(options, env);
  let results: SectionResult[];
  try {
    console.info(
      `App ${app.appUrl} (pid ${app.pid}, ${app.core === undefined ? 'not pinned' : `core ${app.core}`})`,
    );
    const specs = ROUTES.filter((route) => options.routes?.includes(route.label) ?? true);
    const routes = await resolveRoutes(app.appUrl, specs);
    results = await runSections({ options, app, routes, env, search });
  } finally {
    await app.stop();
  }
  env.cpus += `, at end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  // Routes left out with --routes are not budget misses: their checks are dropped, not "unmeasured".
  const skipped = new Set(
    ROUTES.map((r) => r.label).filter((label) => !(options.routes?.includes(label) ?? true)),
  );
  const checks = evaluateBudgets(results).filter((check) => !skipped.has(check.subject));
  const code = exitCode(checks, options.strict);
  console.info(
    `\n${writeReport(BENCH_DIR, { environment: env, sections: results, checks, exitCode: code })}`,
  );
  const folder = relative(PROJECT_ROOT, BENCH_DIR);
  console.info(`Report written to ${folder}/report.md and ${folder}/report.json`);
  return code;
}

process.exitCode = await main().catch((error: unknown) => {
  // Database errors carry the bundled driver's source in their stack: the message is what helps.
  console.error(`The bench could not run: ${error instanceof Error ? error.message : String(error)}`);
  return 2;
});
