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

export interface MailStatus {
  failed: FailedMessage[];
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
  const [failed, pending, retrying] = await Promise.all([
    supabase
      .from('notification_outbox')
      .select('id, recipient, kind, subject, attempts, last_error, failed_at')
      .not('failed_at', 'is', null)
      .order('failed_at', { ascending: false })
      .limit(FAILED_SHOWN),
    unsent().eq('attempts', 0),
    unsent().gt('attempts', 0),
  ]);
  if (failed.error || pending.error || retrying.error) return null;
  return {
    failed: (failed.data ?? []) as FailedMessage[],
    pending: pending.count ?? 0,
    retrying: retrying.count ?? 0,
  };
}

/** The outbox kind as words: application_submitted → "Application submitted". */
export function kindLabel(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
