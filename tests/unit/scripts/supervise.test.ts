import { describe, expect, it } from 'vitest';
import { supervise } from '../../../scripts/supervise.ts';

const node = process.execPath;
const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const alive = (pid: number | undefined) => {
  try {
    return pid !== undefined && process.kill(pid, 0);
  } catch {
    return false;
  }
};

describe('supervise', () => {
  it('starts a child that dies again, with a pause that doubles while it keeps dying', async () => {
    const pauses: number[] = [];
    const child = supervise(node, ['-e', 'process.exit(3)'], {
      firstDelayMs: 10,
      maxDelayMs: 40,
      onExit: (code, _signal, restartInMs) => {
        expect(code).toBe(3);
        pauses.push(restartInMs);
      },
    });
    await until(() => child.restarts >= 4);
    await child.stop();
    expect(pauses.slice(0, 4)).toEqual([10, 20, 40, 40]);
  });

  it('brings back a server killed from outside, with a new process', async () => {
    const child = supervise(node, ['-e', 'setInterval(() => {}, 1000)'], { firstDelayMs: 10 });
    await until(() => alive(child.pid));
    const first = child.pid!;
    process.kill(first, 'SIGKILL');
    await until(() => child.restarts === 1 && alive(child.pid) && child.pid !== first);
    await child.stop();
    expect(alive(child.pid)).toBe(false);
  });

  it('stops for good when asked: the child gets SIGTERM and is not started again', async () => {
    const child = supervise(
      node,
      ['-e', "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"],
      {
        firstDelayMs: 10,
      },
    );
    await until(() => alive(child.pid));
    const pid = child.pid;
    await child.stop();
    expect(alive(pid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(child.restarts).toBe(0);
  });
});
