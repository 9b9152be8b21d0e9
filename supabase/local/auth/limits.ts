import type { AuthDeps, AuthRequest } from './deps.ts';
import { tooManyRequests } from './errors.ts';

type Bucket = 'token_refresh' | 'sign_in_sign_ups' | 'token_verifications' | 'anonymous_users' | 'mfa';

const windows: Record<Bucket, number> = {
  token_refresh: 300,
  sign_in_sign_ups: 300,
  token_verifications: 300,
  anonymous_users: 3600,
  mfa: 60,
};

/** Counts a request against its per-address bucket; 429 over_request_rate_limit beyond the limit. */
export function limitByIp(deps: AuthDeps, request: AuthRequest, bucket: Bucket): void {
  const limits = deps.config.rateLimit;
  const limit = {
    token_refresh: limits.tokenRefresh,
    sign_in_sign_ups: limits.signInSignUps,
    token_verifications: limits.tokenVerifications,
    anonymous_users: limits.anonymousUsers,
    // GoTrue's fixed MFA limit: 15 challenges and verifications per address per minute.
    mfa: 15,
  }[bucket];
  if (!deps.limiter.hit(`${bucket}:${request.ip}`, limit, windows[bucket]))
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
}
