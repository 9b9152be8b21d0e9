import type { SupabaseClient } from '@supabase/supabase-js';
import { loadOpenDecisions, type OpenDecision } from '../../../admissions/release/open-decisions.server.ts';
import { applicantEmails } from '../applicant-contacts.server.ts';
import { PAGE_SIZE, type QueueParams, type QueueSort } from './queue-params.ts';
import { applyQueueFilters, queueQuery, type QueueFilters } from './queue-query.server.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';

export interface QueueRow {
  id: string;
  reference: string;
  status: string;
  submitted_at: string;
  assigned_to: string | null;
  applicant_id: string;
  applicant_name: string | null;
  /** Null when the address could not be read. */
  applicant_email: string | null;
  course: { title: string; university_name: string };
  intake: { term: string; deadline: string; status: string; release_mode: string };
  /** The decision made and not yet released, if any. */
  decision: OpenDecision | null;
  /** The applicant's messages this member of staff has not read. */
  unread: number;
  /** Another account's application matches this applicant (possible_duplicates). */
  possibleDuplicate: boolean;
}

export interface QueueList {
  rows: QueueRow[];
  /** Applications matching every filter, or null when the list could not be read. */
  total: number | null;
}

const COLUMNS = `id, reference, status, submitted_at, assigned_to, applicant_id,
  applicant_name:answers->personal->>full_name`;

export const ORDER_COLUMN: Record<QueueSort, string> = {
  submitted: 'submitted_at',
  deadline: 'intake(deadline)',
  status: 'status',
  reference: 'reference',
};

async function unreadMessages(supabase: SupabaseClient<Database>): Promise<Map<string, number>> {
  const { data, error } = await supabase.rpc('staff_unread_messages');
  if (error) console.error('Counting unread messages failed', error.message);
  return new Map((data ?? []).map((row) => [row.application_id, row.unread]));
}

async function flaggedDuplicates(supabase: SupabaseClient<Database>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { data, error } = await supabase.rpc('flag_possible_duplicates', { application_ids: ids });
  if (error) console.error('Flagging possible duplicates failed', error.message);
  return new Set((data ?? []) as string[]);
}

/**
 * One page of the queue, sorted as asked and then by id so pages never overlap, with applicants'
 * e-mails and the open decisions of its rows.
 */
export async function listQueue(
  supabase: SupabaseClient<Database>,
  params: QueueParams,
  filters: QueueFilters,
): Promise<QueueList> {
  const from = (params.page - 1) * PAGE_SIZE;
  let query = applyQueueFilters(queueQuery(supabase, COLUMNS, filters), filters);
  if (filters.status) query = query.eq('status', filters.status);
  const { data, count, error } = await query
    .order(ORDER_COLUMN[params.sort], { ascending: params.dir === 'asc' })
    .order('id')
    .range(from, from + PAGE_SIZE - 1);
  // PGRST103: a page past the end (the list shrank since the link was made).
  if (error && error.code !== 'PGRST103') {
    console.error('Listing the review queue failed', error.message);
    return { rows: [], total: null };
  }
  const rows = (data ?? []) as unknown as Omit<
    QueueRow,
    'applicant_email' | 'decision' | 'unread' | 'possibleDuplicate'
  >[];
  const [emails, decisions, unread, duplicates] = await Promise.all([
    applicantEmails(
      supabase,
      rows.map((row) => row.applicant_id),
    ),
    loadOpenDecisions(
      supabase,
      rows.map((row) => row.id),
    ),
    unreadMessages(supabase),
    flaggedDuplicates(
      supabase,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      applicant_email: emails.get(row.applicant_id) ?? null,
      decision: decisions.get(row.id) ?? null,
      unread: unread.get(row.id) ?? 0,
      possibleDuplicate: duplicates.has(row.id),
    })),
    total: error ? null : (count ?? 0),
  };
}
