import type { AstroGlobal } from 'astro';
import { getSecret } from 'astro:env/server';
import { submittedFields } from '../../lib/security/form-input.ts';
import {
  configuredLimit,
  createSharedRateLimiter,
  type SharedRateLimiter,
} from '../../lib/security/shared-rate-limit.server.ts';
import { unsubscribeTokenSchema } from './schema.ts';

/**
 * What /unsubscribe shows: the confirmation a link opens (never unsubscribing on GET, which link
 * scanners follow), the result of the post, or why the link does not work.
 */
export type UnsubscribeState =
  | { kind: 'confirm'; token: string }
  | { kind: 'done' }
  | { kind: 'invalid' }
  | { kind: 'limited' }
  | { kind: 'failed'; token: string };

const STATUS: Record<UnsubscribeState['kind'], number> = {
  confirm: 200,
  done: 200,
  invalid: 400,
  limited: 429,
  failed: 502,
};

/** The path exempt from the CSRF check: the token in the link is the proof, and mail clients post without a session. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

let limiter: SharedRateLimiter | undefined;

/** Unsubscribe posts one address may make per ten minutes (UNSUBSCRIBE_RATE_LIMIT overrides 20). */
function unsubscribeLimiter(): SharedRateLimiter {
  limiter ??= createSharedRateLimiter({
    bucket: 'unsubscribe',
    limit: configuredLimit(getSecret('UNSUBSCRIBE_RATE_LIMIT'), 20),
    windowMs: 10 * 60_000,
  });
  return limiter;
}

function tokenFrom(value: unknown): string | null {
  const parsed = unsubscribeTokenSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * GET shows the confirmation; POST turns reminders off. The post is the page's own button (the
 * token in a hidden field) or a mail client's RFC 8058 one-click post (the token in the address,
 * `List-Unsubscribe=One-Click` in the body), neither with a CSRF token.
 */
export async function loadUnsubscribePage(astro: AstroGlobal): Promise<UnsubscribeState> {
  const state = await unsubscribeState(astro);
  astro.response.status = STATUS[state.kind];
  astro.response.headers.set('cache-control', 'no-store');
  astro.response.headers.set('referrer-policy', 'no-referrer');
  return state;
}

async function unsubscribeState(astro: AstroGlobal): Promise<UnsubscribeState> {
  const fromLink = astro.url.searchParams.get('token');
  if (astro.request.method !== 'POST') {
    const token = tokenFrom(fromLink);
    return token ? { kind: 'confirm', token } : { kind: 'invalid' };
  }
  if (!(await unsubscribeLimiter().take(astro.locals.clientIp))) return { kind: 'limited' };
  const fields = await submittedFields(astro.request);
  const token = tokenFrom(fields['token'] ?? fromLink);
  const supabase = astro.locals.supabase;
  if (!token || !supabase) return { kind: 'invalid' };
  try {
    const { data, error } = await supabase.rpc('unsubscribe_reminders', { token });
    if (error) {
      console.error('Unsubscribe failed', error.message);
      return { kind: 'failed', token };
    }
    return data === true ? { kind: 'done' } : { kind: 'invalid' };
  } catch (error) {
    console.error('Unsubscribe failed', error);
    return { kind: 'failed', token };
  }
}
