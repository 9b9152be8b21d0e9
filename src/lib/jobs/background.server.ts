import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_SUPABASE_URL, startOutboxSweepsFromEnv } from '../mail/outbox-sweeps.server.ts';
import {
  applyApprovalMode,
  applySiteUrl,
  approvalModeFrom,
  expireOffers,
  EXPIRY_INTERVAL_MS,
} from './admissions-jobs.server.ts';
import { every } from './every.ts';

function serviceClient(env: NodeJS.ProcessEnv): SupabaseClient | null {
  const url = env['SUPABASE_URL'] ?? DEFAULT_SUPABASE_URL;
  const key = env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!key) return null;
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/**
 * What the app server does besides answering requests: it applies DECISION_APPROVAL and the site's
 * address for links in messages, composes and sends the outbox, and lapses expired offers. Both jobs are safe with several servers running them (row
 * locks in the database). Without the service key only the warning about mail is given.
 */
export async function startBackgroundWork(
  env: NodeJS.ProcessEnv = process.env,
  options: { appUrl?: string } = {},
): Promise<() => void> {
  const mode = approvalModeFrom(env);
  const service = serviceClient(env);
  const stopSweeps = startOutboxSweepsFromEnv(env);
  if (!service) {
    console.warn(
      'admissions: SUPABASE_SERVICE_ROLE_KEY is not set, so offers do not expire and DECISION_APPROVAL is not applied.',
    );
    return stopSweeps;
  }
  await applyApprovalMode(service, mode);
  const siteUrl = env['SITE_URL'] ?? options.appUrl;
  if (siteUrl) await applySiteUrl(service, siteUrl);
  console.info(
    `  decision approval: ${mode === 'admin' ? 'an administrator approves and releases' : 'any member of staff decides'}`,
  );
  const stopExpiry = every(EXPIRY_INTERVAL_MS, () => expireOffers(service));
  return () => {
    stopSweeps();
    stopExpiry();
  };
}
