import { getSecret } from 'astro:env/server';
import { SECURITY_TOASTS } from './messages.ts';
import type { FormOutcome } from './form-outcome.ts';
import {
  configuredLimit,
  createSharedRateLimiter,
  type SharedRateLimiter,
} from './shared-rate-limit.server.ts';

let limiter: SharedRateLimiter | undefined;

/** Auth form posts one address may make per five minutes (AUTH_RATE_LIMIT overrides the default 30). */
function authLimiter(): SharedRateLimiter {
  limiter ??= createSharedRateLimiter({
    bucket: 'auth',
    limit: configuredLimit(getSecret('AUTH_RATE_LIMIT'), 30),
    windowMs: 5 * 60_000,
  });
  return limiter;
}

/** The 429 outcome when this address has used up its auth attempts on any server, else undefined. */
export async function takeAuthAttempt(clientIp: string): Promise<FormOutcome | undefined> {
  if (await authLimiter().take(clientIp)) return undefined;
  return {
    ok: false,
    status: 429,
    message: SECURITY_TOASTS.rateLimit.message,
    toast: { ...SECURITY_TOASTS.rateLimit, kind: 'error' },
  };
}
