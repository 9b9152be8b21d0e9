export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/**
 * Time left before a toast leaves, counted only while nobody is reading it: any one of several
 * reasons (hover, focus) pauses it, and it resumes once all of them are gone (WCAG 2.2.1).
 */
export class Countdown {
  #remaining: number;
  #started = 0;
  #timer: number | undefined;
  readonly #pauses = new Set<string>();
  readonly #clock: Clock;
  readonly #onEnd: () => void;

  constructor(durationMs: number, onEnd: () => void, clock: Clock) {
    this.#remaining = durationMs;
    this.#onEnd = onEnd;
    this.#clock = clock;
    this.#run();
  }

  pause(reason: string): void {
    this.#pauses.add(reason);
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#remaining -= this.#clock.now() - this.#started;
  }

  resume(reason: string): void {
    this.#pauses.delete(reason);
    this.#run();
  }

  stop(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pauses.add('stopped');
  }

  #run(): void {
    if (this.#timer !== undefined || this.#pauses.size > 0) return;
    this.#started = this.#clock.now();
    this.#timer = this.#clock.setTimeout(() => this.#onEnd(), Math.max(0, this.#remaining));
  }
}
