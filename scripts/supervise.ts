/**
 * Keeps a child process running, as a process manager would: started again when it exits on its own
 * (a crash, an out-of-memory abort), after a pause that doubles from one second to thirty while it
 * keeps failing, and resets once it has stayed up for a minute. `stop()` ends it for good.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface SupervisedProcess {
  /** The running child's process id (a new one after each restart). */
  readonly pid: number | undefined;
  /** How many times the child was started again after exiting on its own. */
  readonly restarts: number;
  /** Ends the child (SIGTERM, then SIGKILL after `graceMs`) and starts it no more. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  env?: NodeJS.ProcessEnv;
  /** Told each time the child exits on its own, before it is started again. */
  onExit?: (code: number | null, signal: NodeJS.Signals | null, restartInMs: number) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How long the child must run for the pause to start again from the first delay. */
  stableMs?: number;
  graceMs?: number;
}

export function supervise(
  command: string,
  args: string[],
  options: SuperviseOptions = {},
): SupervisedProcess {
  const { firstDelayMs = 1_000, maxDelayMs = 30_000, stableMs = 60_000, graceMs = 12_000 } = options;
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;
  let delay = firstDelayMs;
  let pending: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(command, args, { env: options.env ?? process.env, stdio: 'inherit' });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableMs) delay = firstDelayMs;
      options.onExit?.(code, signal, delay);
      pending = setTimeout(() => {
        restarts += 1;
        start();
      }, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };
  start();

  return {
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopping = true;
      clearTimeout(pending);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const force = setTimeout(() => running.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(force);
    },
  };
}
