import { join } from 'node:path';
import { readConfig, type RawConfig } from '../../supabase/local/config.ts';

/**
 * The project's supabase/config.toml with the per-address auth limits raised: every browser and
 * client of a test run signs in from 127.0.0.1, so the limits meant for one visitor would refuse the
 * suite itself. Per-account limits stay as configured; the limiters are tested on their own.
 */
export function configForOneAddress(overrides: Record<string, number> = {}): RawConfig {
  const config = readConfig(join(import.meta.dirname, '../../supabase/config.toml'));
  const auth = (config['auth'] ?? {}) as Record<string, unknown>;
  const limits = { sign_in_sign_ups: 1e9, token_refresh: 1e9, token_verifications: 1e9, ...overrides };
  return { ...config, auth: { ...auth, rate_limit: { ...(auth['rate_limit'] as object), ...limits } } };
}
