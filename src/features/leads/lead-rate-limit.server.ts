import { getSecret } from 'astro:env/server';
import {
  configuredLimit,
  createSharedRateLimiter,
  type SharedRateLimiter,
} from '../../lib/security/shared-rate-limit.server.ts';

let limiter: SharedRateLimiter | undefined;

/** Lead posts one address may make per ten minutes (LEAD_RATE_LIMIT overrides the default 5). */
export function leadRateLimiter(): SharedRateLimiter {
  limiter ??= createSharedRateLimiter({
    bucket: 'lead',
    limit: configuredLimit(getSecret('LEAD_RATE_LIMIT'), 5),
    windowMs: 10 * 60_000,
  });
  return limiter;
}
