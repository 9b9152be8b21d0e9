import { getSecret } from 'astro:env/server';
import { createRateLimiter, type RateLimiter } from '../../lib/security/rate-limit.ts';

let limiter: RateLimiter | undefined;

/** Lead posts one address may make per ten minutes (LEAD_RATE_LIMIT overrides the default 5). */
export function leadRateLimiter(): RateLimiter {
  const configured = Number(getSecret('LEAD_RATE_LIMIT'));
  limiter ??= createRateLimiter({
    limit: Number.isInteger(configured) && configured > 0 ? configured : 5,
    windowMs: 10 * 60_000,
  });
  return limiter;
}
