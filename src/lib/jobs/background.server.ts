import type { SupabaseClient } from '@supabase/supabase-js';
import { startOutboxSweepsFromEnv } from '../mail/outbox-sweeps.server.ts';
import { serviceClientFrom } from '../supabase/service-env.ts';
import {
  applyApprovalMode,
  applySiteUrl,
  approvalModeFrom,
  expireOffers,
  EXPIRY_INTERVAL_MS,
  queueHourlyMessages,
  REMINDER_INTERVAL_MS,
} from './admissions-jobs.server.ts';
import { every } from './every.ts';
import type { Database } from '../supabase/database.types.ts';

/**
 * BACKGROUND_WORK: `on` (the default) runs the timed work in the app server; `off` leaves it to
 * `npm run worker` in a process of its own. Anything else is refused.
 */
export function backgroundWorkFrom(env: NodeJS.ProcessEnv): boolean {
  const value = (env['BACKGROUND_WORK'] ?? '').trim().toLowerCase() || 'on';
  if (value !== 'on' && value !== 'off') {
    throw new Error(`BACKGROUND_WORK must be "on" or "off", not "${value}".`);
  }
  return value === 'on';
}

/**
 * The timed work, safe with several servers or workers running it at once (row locks and unique
 * keys in the database): composing and sending the outbox, lapsing expired offers, and queuing the
 * reminders and saved-search alerts that are due, once at start and then hourly. Returns a stop function.
 */
export function startTimedWork(env: NodeJS.ProcessEnv, service: SupabaseClient<Database>): () => void {
  const stopSweeps = startOutboxSweepsFromEnv(env);
  const stopExpiry = every(EXPIRY_INTERVAL_MS, () => expireOffers(service));
  const stopReminders = every(REMINDER_INTERVAL_MS, () => queueHourlyMessages(service));
  void queueHourlyMessages(service).catch((error: unknown) =>
    console.error(error instanceof Error ? error.message : error),
  );
  return () => {
    stopSweeps();
    stopExpiry();
    stopReminders();
  };
}

/**
 * What the app server does besides answering requests: it applies DECISION_APPROVAL and the site's
 * address for links in messages, then (unless BACKGROUND_WORK=off) runs the timed work. Without the
 * service key only the warning about mail is given.
 */
export async function startBackgroundWork(
  env: NodeJS.ProcessEnv = process.env,
  options: { appUrl?: string } = {},
): Promise<() => void> {
  const mode = approvalModeFrom(env);
  const inThisProcess = backgroundWorkFrom(env);
  const service = serviceClientFrom(env);
  if (!service) {
    console.warn(
      'admissions: SUPABASE_SERVICE_ROLE_KEY is not set, so offers do not expire, reminders are not sent and DECISION_APPROVAL is not applied.',
    );
    return inThisProcess ? startOutboxSweepsFromEnv(env) : () => undefined;
  }
  await applyApprovalMode(service, mode);
  if (!env['SITE_URL'] && env['TRUST_PROXY'] === '1')
    console.warn(
      '  SITE_URL is not set: links in e-mails point at this server, not at the address behind the proxy.',
    );
  const siteUrl = env['SITE_URL'] ?? options.appUrl;
  if (siteUrl) await applySiteUrl(service, siteUrl);
  console.info(
    `  decision approval: ${mode === 'admin' ? 'an administrator approves and releases' : 'any member of staff decides'}`,
  );
  if (!inThisProcess) {
    console.info('  background work: off here (BACKGROUND_WORK=off); run `npm run worker` for it');
    return () => undefined;
  }
  return startTimedWork(env, service);
}

/**
 * `npm run worker`: the timed work in a process apart from the web server, with the same
 * environment. Needs SUPABASE_SERVICE_ROLE_KEY.
 */
export async function startWorker(env: NodeJS.ProcessEnv = process.env): Promise<() => void> {
  const service = serviceClientFrom(env);
  if (!service) throw new Error('worker: set SUPABASE_SERVICE_ROLE_KEY (and SUPABASE_URL) to run it.');
  await applyApprovalMode(service, approvalModeFrom(env));
  if (env['SITE_URL']) await applySiteUrl(service, env['SITE_URL']);
  return startTimedWork(env, service);
}
