import { describe, expect, it } from 'vitest';
import { Countdown, type Clock } from '../../../src/components/toasts/countdown.ts';

/** A clock the test moves by hand; timers fire when their time is reached. */
function manualClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...timers]) {
      if (timer.at > now) continue;
      timers.delete(handle);
      timer.run();
    }
  };
  return { clock, advance };
}

describe('toast countdown', () => {
  it('ends after its duration when nobody reads the toast', () => {
    const { clock, advance } = manualClock();
    let ended = 0;
    new Countdown(6000, () => (ended += 1), clock);
    advance(5999);
    expect(ended).toBe(0);
    advance(1);
    expect(ended).toBe(1);
  });

  it('stands still while hovered and carries on with the time that was left', () => {
    const { clock, advance } = manualClock();
    let ended = false;
    const countdown = new Countdown(6000, () => (ended = true), clock);
    advance(4000);
    countdown.pause('hover');
    advance(60_000);
    expect(ended).toBe(false);
    countdown.resume('hover');
    advance(1999);
    expect(ended).toBe(false);
    advance(1);
    expect(ended).toBe(true);
  });

  it('waits until every reason to pause is gone (hover and focus together)', () => {
    const { clock, advance } = manualClock();
    let ended = false;
    const countdown = new Countdown(1000, () => (ended = true), clock);
    countdown.pause('hover');
    countdown.pause('focus');
    countdown.resume('hover');
    advance(5000);
    expect(ended).toBe(false);
    countdown.resume('focus');
    advance(1000);
    expect(ended).toBe(true);
  });

  it('never ends once stopped (the toast was dismissed by hand)', () => {
    const { clock, advance } = manualClock();
    let ended = false;
    const countdown = new Countdown(1000, () => (ended = true), clock);
    countdown.stop();
    countdown.resume('hover');
    advance(10_000);
    expect(ended).toBe(false);
  });
});
