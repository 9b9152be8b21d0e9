import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from '../../../src/lib/jobs/every.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('every', () => {
  it('runs the task on each tick, never twice at once, until stopped', async () => {
    let release: () => void = () => undefined;
    const task = vi.fn(() => new Promise<void>((done) => (release = done)));
    const stop = every(1000, task);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('logs a failure and tries again on the next tick', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const task = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined);
    const stop = every(1000, task);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledWith('database away');
    stop();
  });
});
