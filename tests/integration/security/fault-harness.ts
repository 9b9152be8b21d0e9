/**
 * The pieces the fault suites share: a PGlite data folder holding the seeded template, the local
 * stack on it as a child process that a test may SIGKILL and start again on the same port, and the
 * built app served in this process in front of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openPreparedMemoryDatabase } from '../../../supabase/local/db/open.ts';
import { openPglite } from '../../../supabase/local/db/pglite-driver.ts';
import type { Database } from '../../../supabase/local/db/types.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createAppServer, type AppServer } from '../../../src/server/serve.ts';
import { DIST, ensureBuild } from '../server/support/build.ts';

const SCRIPT = join(import.meta.dirname, 'fault-stack.ts');

/** A data folder holding the migrated, seeded template, so each start only opens it. */
export async function seedDataFolder(dir: string): Promise<void> {
  const template = (await openPreparedMemoryDatabase()) as Database & { dump?: () => Promise<Blob> };
  const dump = await template.dump!();
  await template.close();
  const db = await openPglite({ dataDir: dir, loadDataDir: dump });
  await db.close();
}

/** A port nothing listens on right now, for a stack that must come back where it was. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

export interface StackChild {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

/** Starts the stack on `dataDir` in a child process (on `port` when given) and waits until it listens. */
export function startStackChild(dataDir: string, port = 0): Promise<StackChild> {
  const child = spawn(process.execPath, [SCRIPT, dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`stack exited early with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const ready = JSON.parse(line) as { url: string; anonKey: string; serviceRoleKey: string };
      resolve({ child, ...ready, kill });
    });
  });
}

/** The child's URL and keys where helpers written for an in-process stack expect one. */
export function asRunningStack(stack: StackChild): RunningStack {
  return { url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey } as RunningStack;
}

/** The production build served in this process, reading the stack's address from the environment. */
export async function startAppFor(stack: StackChild): Promise<AppServer> {
  ensureBuild();
  Object.assign(process.env, {
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  });
  return createAppServer({ host: '127.0.0.1', port: 0, distDir: DIST, supabaseUrl: stack.url });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `ready()` holds (some requests went through, so more are in flight), then for a random
 * pause of up to `jitterMs`: a kill moment that depends on progress, not on the machine's speed.
 */
export async function randomMomentAfter(ready: () => boolean, jitterMs: number): Promise<void> {
  while (!ready()) await pause(5);
  await pause(Math.floor(Math.random() * jitterMs));
}
