import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DIST = join(ROOT, 'dist');
const BUILD_MARKERS = [join(DIST, 'client', 'index.html'), join(DIST, 'server', 'entry.mjs')];
const INPUTS = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];
const LOCK = join(ROOT, 'node_modules', '.cache', 'unipath-build.lock');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsCurrent(): boolean {
  if (!BUILD_MARKERS.every((marker) => existsSync(marker))) return false;
  const built = Math.min(...BUILD_MARKERS.map((marker) => statSync(marker).mtimeMs));
  return INPUTS.every((input) => newestMtime(join(ROOT, input)) <= built);
}

/**
 * Makes sure dist/ holds a production build of the current sources, running the project's own
 * build command when it is missing or older than the sources. Test files running in parallel
 * take turns through a lock, and whoever comes second finds the build already current.
 */
export function ensureBuild(): void {
  if (buildIsCurrent()) return;
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const result = spawnSync('flock', [LOCK, process.execPath, fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('`npm run build` failed; see the output above.');
}

function invokedDirectly(): boolean {
  return process.argv[1] === fileURLToPath(import.meta.url);
}

if (invokedDirectly() && !buildIsCurrent()) {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
