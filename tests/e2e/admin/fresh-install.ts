import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface FreshInstall {
  baseURL: string;
  stackUrl: string;
  /** The setup token as the server printed it at start. */
  printedToken: string;
  stop(): Promise<void>;
}

/** A deployment nobody has claimed yet: no administrator, and the setup token printed at start. */
export const UNCLAIMED: Record<string, string> = { E2E_WITHOUT_ADMIN: '1', SETUP_ADMIN_TOKEN: '' };

/**
 * Starts a second e2e server (its own in-memory stack and the built app) with its own settings
 * (a database where no administrator exists yet, by default), and reads what it prints at start,
 * as an operator would.
 */
export async function startFreshInstall(
  port: number,
  stackPort: number,
  settings: Record<string, string> = UNCLAIMED,
): Promise<FreshInstall> {
  const child = spawn(process.execPath, ['tests/e2e/server.ts'], {
    env: {
      ...process.env,
      ...settings,
      PORT: String(port),
      E2E_SUPABASE_PORT: String(stackPort),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A worker torn down after a timeout must not leave the server holding its ports for the retry.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  try {
    const printed = await readStartUp(child);
    return { ...printed, stackUrl: `http://127.0.0.1:${stackPort}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function readStartUp(child: ChildProcess): Promise<{ baseURL: string; printedToken: string }> {
  let printedToken = '';
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  for await (const line of lines) {
    printedToken ||= /administrator setup token: (\S+) \(/.exec(line)?.[1] ?? '';
    const app = /^e2e: app (\S+),/.exec(line)?.[1];
    if (app) {
      lines.close();
      child.stdout?.resume();
      return { baseURL: app.replace(/\/$/, ''), printedToken };
    }
  }
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  throw new Error(
    `the fresh server exited (${String(child.exitCode ?? child.signalCode)}) before it was ready`,
  );
}
