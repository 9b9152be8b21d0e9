export interface RateLimiter {
  /** Counts one attempt for `key`; false once the key has used up its window. */
  take(key: string, now?: number): boolean;
  reset(): void;
}

/**
 * A fixed-window counter per key, kept in this process's memory: what a shared limit falls back to when
 * the database cannot count (see shared-rate-limit.server.ts).
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
