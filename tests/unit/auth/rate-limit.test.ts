import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/lib/security/rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows the limit per window and key, then refuses until the window passes', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    const results = Array.from({ length: 5 }, () => limiter.take('1.2.3.4', 0));
    expect(results).toEqual([true, true, true, false, false]);
    expect(limiter.take('5.6.7.8', 10)).toBe(true);
    expect(limiter.take('1.2.3.4', 999)).toBe(false);
    expect(limiter.take('1.2.3.4', 1000)).toBe(true);
  });
});
