export interface RateLimiter {
  /** Counts one attempt for `key`; false once the key has used up its window. */
  take(key: string, now?: number): boolean;
  reset(): void;
}

/**
 * A fixed-window counter per key (e.g. per client address), kept in this process's memory.
 * Enough for one app server; a fleet would share the counts in a store instead.
 */
export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 10_000;
  return {
    take(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        if (windows.size >= maxKeys) windows.clear();
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
    reset() {
      windows.clear();
    },
  };
}
