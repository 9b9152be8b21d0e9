/**
 * Fixed-window counters kept in memory (the stack is one process). `hit` counts an event and says
 * whether it stayed within the limit; `count` only reads.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  private current(key: string, windowSeconds: number, now: number) {
    const existing = this.windows.get(key);
    if (existing && now - existing.start < windowSeconds * 1000) return existing;
    const fresh = { start: now, count: 0 };
    this.windows.set(key, fresh);
    if (this.windows.size > 50_000) this.prune(now);
    return fresh;
  }

  /** Counts one event; false when it goes over `limit` events per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number, now = Date.now()): boolean {
    const window = this.current(key, windowSeconds, now);
    window.count++;
    return window.count <= limit;
  }

  count(key: string, windowSeconds: number, now = Date.now()): number {
    return this.current(key, windowSeconds, now).count;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start > 3600_000) this.windows.delete(key);
  }
}
