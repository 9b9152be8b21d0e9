import { getSecret } from 'astro:env/server';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { SECURITY_TOASTS } from './messages.ts';
import type { FormOutcome } from './form-outcome.ts';

const WINDOW_MS = 5 * 60_000;

let limiter: RateLimiter | undefined;

/** Auth form posts one address may make per five minutes (AUTH_RATE_LIMIT overrides the default 30). */
function authLimiter(): RateLimiter {
  const configured = Number(getSecret('AUTH_RATE_LIMIT'));
  limiter ??= createRateLimiter({
    limit: Number.isInteger(configured) && configured > 0 ? configured : 30,
    windowMs: WINDOW_MS,
  });
  return limiter;
}

/** The 429 outcome when this address has used up its auth attempts, else undefined. */
export function takeAuthAttempt(clientIp: string): FormOutcome | undefined {
  if (authLimiter().take(clientIp)) return undefined;
  return {
    ok: false,
    status: 429,
    message: SECURITY_TOASTS.rateLimit.message,
    toast: { ...SECURITY_TOASTS.rateLimit, kind: 'error' },
  };
}
