import { createHash, timingSafeEqual } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AstroGlobal } from 'astro';
import { getSecret } from 'astro:env/server';
import { submittedFields } from '../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { SECURITY_TOASTS } from '../../lib/security/messages.ts';
import {
  configuredLimit,
  createSharedRateLimiter,
  type SharedRateLimiter,
} from '../../lib/security/shared-rate-limit.server.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import { setupTokenDigest } from './setup-token-digest.ts';
import { redirectAfter } from '../../lib/security/form-response.server.ts';

export type SetupState = 'claimable' | 'sign-in' | 'complete';

export interface SetupPageModel {
  state: SetupState;
  /** The signed-in user already holds the admin role. */
  isAdmin: boolean;
  email: string | null;
  error?: string;
  status: number;
}

let limiter: SharedRateLimiter | undefined;

/** Setup attempts one address may make per fifteen minutes (SETUP_RATE_LIMIT overrides the default 10). */
function setupLimiter(): SharedRateLimiter {
  limiter ??= createSharedRateLimiter({
    bucket: 'setup-admin',
    limit: configuredLimit(getSecret('SETUP_RATE_LIMIT'), 10),
    windowMs: 15 * 60_000,
  });
  return limiter;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares digests so the time taken says nothing about how much of the token was right. */
export function tokenMatches(given: string, expected: string | undefined): boolean {
  if (!expected || !given) return false;
  return timingSafeEqual(digest(given.trim()), digest(expected.trim()));
}

/** SETUP_ADMIN_TOKEN when the deployment sets it, else the one token the app servers stored (see src/server/setup-token.ts). */
async function setupTokenAccepted(service: SupabaseClient<Database>, token: string): Promise<boolean> {
  const configured = getSecret('SETUP_ADMIN_TOKEN');
  if (configured?.trim()) return tokenMatches(token, configured);
  if (!token.trim()) return false;
  const { data, error } = await service.rpc('setup_token_matches', { token_digest: setupTokenDigest(token) });
  if (error) throw new Error(`setup_token_matches failed: ${error.message}`);
  return data;
}

async function adminExists(astro: AstroGlobal): Promise<boolean> {
  const { data, error } = (await astro.locals.supabase?.rpc('admin_exists')) ?? { data: null, error: null };
  if (error) throw new Error(`admin_exists failed: ${error.message}`);
  return data === true;
}

async function claim(astro: AstroGlobal, token: string): Promise<FormOutcome> {
  const user = astro.locals.user;
  if (!user) return failure(401, 'Sign in first, then enter the setup token.');
  if (!(await setupLimiter().take(astro.locals.clientIp))) {
    return {
      ...failure(429, SECURITY_TOASTS.rateLimit.message),
      toast: { ...SECURITY_TOASTS.rateLimit, kind: 'error' },
    };
  }
  const service = createServiceRoleClient();
  if (!service) return failure(503, 'Setup needs the server’s service role key (SUPABASE_SERVICE_ROLE_KEY).');
  if (!(await setupTokenAccepted(service, token))) {
    return failure(422, 'That setup token is not correct. Copy it again from the server’s start-up output.');
  }
  const { data, error } = await service.rpc('claim_first_admin', { claimant: user.id });
  if (error) throw new Error(`claim_first_admin failed: ${error.message}`);
  if (data !== true) return failure(409, 'Setup is already complete: an administrator exists.');
  // Roles travel in the access token: a fresh one carries the new role to /admin.
  await astro.locals.supabase?.auth.refreshSession();
  const message = 'You are now the administrator of Unipath.';
  return {
    ok: true,
    status: 200,
    message,
    redirect: '/admin',
    toast: { title: 'Setup complete', message, kind: 'success' },
  };
}

/**
 * /setup-admin: while no administrator exists, a signed-in user with the server's setup token
 * becomes the first one. The grant runs here with the service role; the browser only sends the token.
 */
export async function loadSetupPage(astro: AstroGlobal): Promise<SetupPageModel | Response> {
  const user = astro.locals.user;
  const base = { isAdmin: user?.roles.includes('admin') ?? false, email: user?.email ?? null, status: 200 };
  if (astro.request.method === 'POST') {
    const fields = await submittedFields(astro.request);
    const outcome = await claim(astro, fields['token'] ?? '');
    if (outcome.ok) return redirectAfter(astro, outcome, '/admin');
    if (outcome.status === 409) return { ...base, state: 'complete', status: 200 };
    astro.locals.flash.push(...(outcome.toast ? [outcome.toast] : []));
    return {
      ...base,
      state: user ? 'claimable' : 'sign-in',
      status: outcome.status,
      ...(outcome.status === 429 ? {} : { error: outcome.message ?? '' }),
    };
  }
  if (await adminExists(astro)) return { ...base, state: 'complete' };
  return { ...base, state: user ? 'claimable' : 'sign-in' };
}
