import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** A message the sender gave up on after its last attempt. */
export interface FailedMessage {
  id: string;
  recipient: string;
  kind: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  failed_at: string;
}

/** Background work that raised on one item and was skipped (see job_failures in the database). */
export interface JobFailure {
  id: number;
  job: 'compose' | 'digest' | 'reminder' | 'search_alert' | 'offer_expiry';
  error: string;
  failures: number;
  first_failed_at: string;
  last_failed_at: string;
  /** The application it was about, when there is one. */
  reference: string | null;
}

export interface MailStatus {
  failed: FailedMessage[];
  /** What the composer, the digests, the reminders and the alerts could not do. */
  jobFailures: JobFailure[];
  /** Waiting for their first attempt. */
  pending: number;
  /** Tried and refused at least once, waiting for the next try. */
  retrying: number;
}

/** The newest failures shown; more than this means something is wrong with the mail server itself. */
export const FAILED_SHOWN = 100;

/** What the outbox holds that has not gone out. Row-level security shows the outbox to staff only. */
export async function loadMailStatus(supabase: SupabaseClient<Database>): Promise<MailStatus | null> {
  const unsent = () =>
    supabase
      .from('notification_outbox')
      .select('id', { count: 'exact', head: true })
      .is('sent_at', null)
      .is('failed_at', null);
  const [failed, jobs, pending, retrying] = await Promise.all([
    supabase
      .from('notification_outbox')
      .select('id, recipient, kind, subject, attempts, last_error, failed_at')
      .not('failed_at', 'is', null)
      .order('failed_at', { ascending: false })
      .limit(FAILED_SHOWN),
    supabase
      .from('job_failures')
      .select(
        'id, job, error, failures, first_failed_at, last_failed_at, application:applications(reference)',
      )
      .order('last_failed_at', { ascending: false })
      .limit(FAILED_SHOWN),
    unsent().eq('attempts', 0),
    unsent().gt('attempts', 0),
  ]);
  if (failed.error || jobs.error || pending.error || retrying.error) return null;
  return {
    failed: (failed.data ?? []) as FailedMessage[],
    jobFailures: (jobs.data ?? []).map(({ application, ...failure }) => ({
      ...failure,
      job: failure.job as JobFailure['job'],
      reference: application?.reference ?? null,
    })),
    pending: pending.count ?? 0,
    retrying: retrying.count ?? 0,
  };
}

/** The outbox kind as words: application_submitted → "Application submitted". */
export function kindLabel(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What each kind of background work is called on the page, and what retrying it does. */
export const JOB_WORDS: Record<JobFailure['job'], { what: string; retry: string; after: string }> = {
  compose: {
    what: 'A message could not be written',
    retry: 'Compose again',
    after: 'Its events are put back and the message is written on the next sweep.',
  },
  digest: {
    what: 'A staff digest could not be written',
    retry: 'Compose again',
    after: 'Its events are put back and the digest is written on the next sweep.',
  },
  reminder: {
    what: 'A reminder could not be queued',
    retry: 'Clear',
    after: 'Reminders are tried again every hour; clear this once the cause is fixed.',
  },
  search_alert: {
    what: 'A saved-search alert could not be queued',
    retry: 'Clear',
    after: 'Alerts are tried again every hour; clear this once the cause is fixed.',
  },
  offer_expiry: {
    what: 'An offer past its reply-by date could not be lapsed',
    retry: 'Clear',
    after: 'Lapsing is tried again every minute; clear this once the cause is fixed.',
  },
};

/** The database errors background work meets, in words an administrator can act on; null for others. */
export function explainJobError(error: string): string | null {
  if (/notification_outbox_(body|body_html)_check/.test(error))
    return 'The message would be longer than an e-mail may be: something it quotes (a reason, a name, a note) is far too long. Shorten it, then compose again.';
  if (/notification_outbox_recipient_check/.test(error))
    return 'The recipient’s e-mail address cannot be used.';
  if (/violates foreign key constraint/.test(error))
    return 'Something the message refers to (an application, a template) no longer exists.';
  return null;
}
