import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../supabase/database.types.ts';

export const EXPIRY_INTERVAL_MS = 60_000;

const APPROVAL_MODES = ['admin', 'none'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** DECISION_APPROVAL as configured: `admin` (the default) or `none`; anything else is refused. */
export function approvalModeFrom(env: NodeJS.ProcessEnv): ApprovalMode {
  const value = (env['DECISION_APPROVAL'] ?? '').trim().toLowerCase() || 'admin';
  if (!(APPROVAL_MODES as readonly string[]).includes(value)) {
    throw new Error(`DECISION_APPROVAL must be "admin" or "none", not "${value}".`);
  }
  return value as ApprovalMode;
}

/** Writes the configured approval mode where the database's decision rules read it. */
export async function applyApprovalMode(
  service: SupabaseClient<Database>,
  mode: ApprovalMode,
): Promise<void> {
  const { error } = await service.rpc('set_decision_approval', { mode });
  if (error) throw new Error(`DECISION_APPROVAL could not be applied: ${error.message}`);
}

/** Lapses the offers whose reply-by date has passed; each freed place alerts staff in the database. */
export async function expireOffers(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('expire_offers');
  if (error) throw new Error(`offers: could not expire lapsed offers: ${error.message}`);
  return data as number;
}

/** Where links in messages point: SITE_URL, or the address this server answers on. */
export async function applySiteUrl(service: SupabaseClient<Database>, siteUrl: string): Promise<void> {
  const { error } = await service.rpc('set_site_url', { url: siteUrl });
  if (error) throw new Error(`SITE_URL could not be applied: ${error.message}`);
}

/** How often the reminders job runs: hourly; each reminder goes out once whichever run finds it due. */
export const REMINDER_INTERVAL_MS = 60 * 60_000;

/**
 * Queues the reminders due now (drafts before the deadline, offers before the reply-by date,
 * documents after "action required"). The database records each one under a unique key, so any
 * number of servers may run this at once.
 */
export async function queueReminders(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('queue_reminders');
  if (error) throw new Error(`reminders: could not queue the reminders due: ${error.message}`);
  return data as number;
}

/**
 * Queues one e-mail per saved course search with something new since it was saved (a matching
 * course published, an intake of a matching course opened). Each course or intake is recorded per
 * search under a unique key, so any number of servers may run this at once.
 */
export async function queueSearchAlerts(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('queue_search_alerts');
  if (error) throw new Error(`saved searches: could not queue the alerts due: ${error.message}`);
  return data as number;
}

/** Drops rate-limit windows that ended a day ago; any server may do it. */
export async function forgetRateLimits(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('forget_rate_limits');
  if (error) throw new Error(`rate limits: could not drop old windows: ${error.message}`);
  return data;
}

/** Erases readers' comments on intakes archived longer ago than the office's retention period. */
export async function eraseOldReadComments(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('erase_old_read_comments');
  if (error) throw new Error(`retention: could not erase old reader comments: ${error.message}`);
  return data;
}

/**
 * Reminds applicants of fees and deposits due in 3 days and 1 day, and lapses the offers whose
 * deposit was not paid by its deadline (the place goes back to the waiting list). Each reminder is
 * recorded once, and a lapse locks its application, so any number of servers may run this at once.
 */
export async function settleDueInvoices(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('settle_due_invoices');
  if (error) throw new Error(`payments: could not settle the invoices due: ${error.message}`);
  return data;
}

/** The weekly summaries administrators asked for, each once a week; any number of servers may run this. */
export async function composeWeeklySummaries(service: SupabaseClient<Database>): Promise<number> {
  const { data, error } = await service.rpc('compose_weekly_summaries', {});
  if (error) throw new Error(`reports: could not compose the weekly summaries: ${error.message}`);
  return data;
}

/**
 * The hourly job: the reminders due, the saved-search alerts, fees and deposits due, the weekly summaries, old rate-limit
 * windows and readers' comments past their retention, each run whatever became of the others. What failed is logged;
 * answers how many parts failed.
 */
export async function queueHourlyMessages(service: SupabaseClient<Database>): Promise<number> {
  let failed = 0;
  for (const part of [
    queueReminders,
    queueSearchAlerts,
    settleDueInvoices,
    composeWeeklySummaries,
    forgetRateLimits,
    eraseOldReadComments,
  ]) {
    await part(service).catch((error: unknown) => {
      failed += 1;
      console.error(error instanceof Error ? error.message : error);
    });
  }
  return failed;
}
