import type { SupabaseClient } from '@supabase/supabase-js';
import { searchTerm } from '../../../../lib/search-term.ts';
import type { ListQuery } from '../../../../lib/supabase/list-query.ts';
import type { QueueParams } from './queue-params.ts';
import { withoutNulls } from '../../../../lib/supabase/rpc-args.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';

/** The queue's filters; the searches are folded and matched by the database. */
export interface QueueFilters {
  status: string;
  /** Reference, applicant name (in the answers or the profile) or e-mail address, or null. */
  applicant: string | null;
  /** Course title or university name, or null. */
  course: string | null;
  /** Part of the intake's term, or null. */
  intake: string | null;
  /** A user id, `unassigned`, or null for anyone. */
  assignee: string | null;
}

/** The embeds every queue query joins, the course and intake each application has. */
const QUEUE_EMBEDS =
  'course:courses!inner(title, university_name), intake:intakes!inner(term, deadline, status, release_mode)';

/**
 * A page of the queue's applications with their course and intake, and how many match in all. With
 * a search the rows come from staff_search_applications(), which matches accents and case in the
 * database; the select, filters, order and range then apply to them as to the table.
 */
export function queueQuery(
  supabase: SupabaseClient<Database>,
  columns: string,
  filters: QueueFilters,
): ListQuery {
  const select = `${columns}, ${QUEUE_EMBEDS}`;
  if (!filters.applicant && !filters.course && !filters.intake) {
    return supabase.from('applications').select(select, { count: 'exact' }) as unknown as ListQuery;
  }
  const search = {
    search: filters.applicant,
    course_search: filters.course,
    intake_search: filters.intake,
  };
  return supabase
    .rpc('staff_search_applications', withoutNulls(search), { count: 'exact' })
    .select(select) as unknown as ListQuery;
}

/** The filters the queue's URL asks for, `me` resolved to the signed-in member of staff. */
export function queueFilters(params: QueueParams, userId: string): QueueFilters {
  return {
    status: params.status,
    applicant: searchTerm(params.q) || null,
    course: searchTerm(params.course) || null,
    intake: searchTerm(params.intake) || null,
    assignee: params.assigned === 'me' ? userId : params.assigned === 'unassigned' ? 'unassigned' : null,
  };
}

/** Submitted applications only, narrowed by the assignee (the status links count each status). */
export function applyQueueFilters(query: ListQuery, filters: QueueFilters): ListQuery {
  const narrowed = query.neq('status', 'draft');
  if (filters.assignee === 'unassigned') return narrowed.is('assigned_to', null);
  return filters.assignee ? narrowed.eq('assigned_to', filters.assignee) : narrowed;
}
