import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

export const PROJECT_ROOT = join(import.meta.dirname, '../..');
/**
 * Where the report, the bench database and the build snapshot live; BENCH_OUT_DIR gives a run its own
 * folder, so two runs on one checkout never share a database or overwrite each other's report.
 */
export const BENCH_DIR = resolve(PROJECT_ROOT, process.env['BENCH_OUT_DIR'] ?? '.bench');
/** The build to measure: dist/ unless BENCH_BUILD_DIR names another `astro build --outDir`. */
export const BUILD_DIR = resolve(PROJECT_ROOT, process.env['BENCH_BUILD_DIR'] ?? 'dist');
/** The build the bench measures: a copy, so a rebuild in dist/ during a run cannot change it halfway. */
export const SNAPSHOT_DIST = join(BENCH_DIR, 'dist');

const buildLabel = () => `${relative(PROJECT_ROOT, BUILD_DIR) || '.'}/`;

/** Copies the build into the bench folder and returns a description of the build. */
export function snapshotBuild(): string {
  mkdirSync(BENCH_DIR, { recursive: true });
  rmSync(SNAPSHOT_DIST, { recursive: true, force: true });
  cpSync(BUILD_DIR, SNAPSHOT_DIST, { recursive: true });
  for (const required of ['server/entry.mjs', 'client/index.html'])
    if (!existsSync(join(SNAPSHOT_DIST, required)))
      throw new Error(`${buildLabel()}${required} is missing: is a build running?`);
  return `${buildLabel()} built ${statSync(join(BUILD_DIR, 'server/entry.mjs')).mtime.toISOString()}`;
}

export interface RunningApp {
  /** Empty for a process that runs the stack alone. */
  appUrl: string;
  stackUrl: string;
  anonKey: string;
  /** Empty for a process that runs the app alone. */
  serviceRoleKey: string;
  pid: number;
  /** The CPU the server is pinned to, when pinning is possible. */
  core: number | undefined;
  stop(): Promise<void>;
}

export const hasTaskset = (): boolean => spawnSync('taskset', ['--version']).status === 0;

/** Runs `command` on one core when the machine has two or more and taskset is installed. */
export function pinned(core: number | undefined, command: string, args: string[]): [string, string[]] {
  return core === undefined ? [command, args] : ['taskset', ['-c', String(core), command, ...args]];
}

export function serverCore(): number | undefined {
  return availableParallelism() >= 2 && hasTaskset() ? 1 : undefined;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/** Builds the app into BUILD_DIR. */
function build(): void {
  const [command, args]: [string, string[]] =
    BUILD_DIR === join(PROJECT_ROOT, 'dist')
      ? ['npm', ['run', 'build']]
      : ['npx', ['astro', 'build', '--outDir', BUILD_DIR]];
  console.info(`Running \`${[command, ...args].join(' ')}\`…`);
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; the bench needs a production build.');
}

/** Builds the app when asked or when there is no server build; says so when the build is older than src/. */
export function ensureBuild(force: boolean): string[] {
  const entry = join(BUILD_DIR, 'server/entry.mjs');
  if (!force && existsSync(entry)) {
    const stale = newestMtime(join(PROJECT_ROOT, 'src')) > statSync(entry).mtimeMs;
    return stale
      ? [
          `The build in ${buildLabel()} is older than some files in src/: these figures are for the older build (use --build).`,
        ]
      : [];
  }
  if (!force) console.info(`No build in ${buildLabel()}: building it first.`);
  build();
  return [];
}

type Addresses = Omit<RunningApp, 'pid' | 'core' | 'stop'>;

function waitForReady(child: ChildProcess): Promise<Addresses> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const output: string[] = [];
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as Addresses);
      else output.push(line);
    });
    child.once('exit', (code) =>
      reject(new Error(`the app process exited (${code}) before it was ready:\n${output.join('\n')}`)),
    );
  });
}

/** What one bench process runs (see app-process.ts): stack and app together, the stack alone, or the app alone. */
export type ProcessRole = 'both' | 'stack' | 'app';

/** The app process the bench measures: app-process.ts in the given role, as a command and arguments. */
export function benchProcessCommand(core: number | undefined, role: ProcessRole): [string, string[]] {
  // The app server runs with the flags `npm start` and `npm run serve` give it; the stack alone without.
  const flags = role === 'stack' ? [] : SERVER_NODE_FLAGS;
  return pinned(core, process.execPath, [...flags, join(import.meta.dirname, 'app-process.ts')]);
}

/** The log beside the report that bench servers write their errors to, opened for appending. */
export const openServerLog = (): number => openSync(join(BENCH_DIR, 'app.log'), 'a');

/** Starts one bench process (by default on the server core) and waits until it is ready. */
export async function startBenchProcess(
  role: ProcessRole,
  env: Record<string, string> = {},
  core: number | undefined = serverCore(),
): Promise<RunningApp> {
  const [command, args] = benchProcessCommand(core, role);
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BENCH_DIST_DIR: SNAPSHOT_DIST, ...env, BENCH_ROLE: role },
    // The server's own errors go to a log beside the report, not between the bench's lines.
    stdio: ['ignore', 'pipe', openServerLog()],
  });
  const ready = await waitForReady(child);
  return {
    ...ready,
    pid: child.pid ?? 0,
    core,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the local stack and the app in one process, pinned to the server core. */
export function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  return startBenchProcess('both', env);
}

/** Resident memory of a process in MiB, from /proc; NaN when it cannot be read. */
export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
