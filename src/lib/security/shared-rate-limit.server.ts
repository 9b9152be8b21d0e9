import { createHash } from 'node:crypto';
import { createServiceRoleClient } from '../supabase/service.server.ts';
import { createRateLimiter } from './rate-limit.ts';

export interface SharedRateLimiter {
  /**
   * Counts one attempt for `subject`; false once the subject has used up its window on any server. (A
   * process-memory limiter fits too, e.g. in tests.)
   */
  take(subject: string): Promise<boolean> | boolean;
}

export interface SharedLimit {
  /** The kind of attempt, e.g. 'auth'; each bucket counts on its own. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** The database stores a digest, never the address or id itself. */
const subjectDigest = (bucket: string, subject: string) =>
  createHash('sha256').update(`${bucket}\u0000${subject}`, 'utf8').digest('base64url');

/**
 * A limit every app server shares: the counts live in the database (take_rate_limit(), service role only),
 * so N servers behind a load balancer allow what one would. Without a service-role key, or while the
 * database does not answer, this server's own count stands in, so a limit never simply lapses.
 */
export function createSharedRateLimiter(rule: SharedLimit): SharedRateLimiter {
  const local = createRateLimiter(rule);
  return {
    async take(subject: string) {
      const service = createServiceRoleClient();
      if (!service) return local.take(subject);
      const { data, error } = await service.rpc('take_rate_limit', {
        bucket: rule.bucket,
        subject: subjectDigest(rule.bucket, subject),
        max_hits: rule.limit,
        window_seconds: Math.ceil(rule.windowMs / 1000),
      });
      const counted = error ? undefined : data[0];
      return counted ? counted.allowed : local.take(subject);
    },
  };
}

/** A positive whole number from the environment, else the default. */
export function configuredLimit(value: unknown, fallback: number): number {
  const configured = Number(value);
  return Number.isInteger(configured) && configured > 0 ? configured : fallback;
}
