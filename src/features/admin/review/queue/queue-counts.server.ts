import type { SupabaseClient } from '@supabase/supabase-js';
import { QUEUE_STATUSES } from './queue-params.ts';
import type { QueueFilters } from './queue-query.server.ts';
import { withoutNulls } from '../../../../lib/supabase/rpc-args.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';

export type StatusCounts = Map<string, number>;

/**
 * How many applications of each status match the other filters: the status links' figures, from
 * review_queue_counts() in one query. Statuses nobody is in count 0.
 */
export async function countByStatus(
  supabase: SupabaseClient<Database>,
  filters: QueueFilters,
): Promise<StatusCounts> {
  const { data, error } = await supabase.rpc(
    'review_queue_counts',
    withoutNulls({
      search: filters.applicant,
      course_search: filters.course,
      intake_search: filters.intake,
      assignee: filters.assignee === 'unassigned' ? null : filters.assignee,
      unassigned: filters.assignee === 'unassigned',
    }),
  );
  if (error) console.error('Counting the review queue failed', error.message);
  const counts: StatusCounts = new Map(QUEUE_STATUSES.map((status) => [status, 0]));
  for (const row of data ?? []) {
    counts.set(row.status, Number(row.total));
  }
  return counts;
}
