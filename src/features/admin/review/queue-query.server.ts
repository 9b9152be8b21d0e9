import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { applicantsWithEmail } from './applicant-contacts.server.ts';
import type { QueueParams } from './queue-params.ts';
import { containsLike } from '../search-pattern.ts';
import { applicantSearchFilter, courseSearchFilter, searchTerm } from './queue-search.ts';

/** The queue's filters, searches reduced to safe terms and applicant searches to ids. */
export interface QueueFilters {
  status: string;
  /** Reference or applicant name, with the applicants found by profile name or e-mail; null without a search. */
  applicant: { term: string; ids: string[] } | null;
  /** Course title or university name, or null. */
  course: string | null;
  /** Part of the intake's term, or null. */
  intake: string | null;
  /** A user id, `unassigned`, or null for anyone. */
  assignee: string | null;
}

/** The embeds every queue query joins: inner, so filters on them narrow the applications. */
const QUEUE_EMBEDS =
  'course:courses!inner(title, university_name), intake:intakes!inner(term, deadline, status, release_mode)';

/**
 * The part of the PostgREST query builder the queue uses. Declared here because the library's own
 * types, parsed from the select text of an untyped client, grow too deep for the compiler once the
 * builder passes through a shared filter function.
 */
export interface QueueQuery extends PromiseLike<{
  data: unknown;
  count: number | null;
  error: PostgrestError | null;
}> {
  eq(column: string, value: string): QueueQuery;
  neq(column: string, value: string): QueueQuery;
  is(column: string, value: null): QueueQuery;
  ilike(column: string, pattern: string): QueueQuery;
  or(filters: string, options?: { referencedTable?: string }): QueueQuery;
  order(column: string, options?: { ascending?: boolean }): QueueQuery;
  range(from: number, to: number): QueueQuery;
}

/** A page of the queue's applications with their course and intake, and how many match in all. */
export function queueQuery(supabase: SupabaseClient, columns: string): QueueQuery {
  return supabase
    .from('applications')
    .select(`${columns}, ${QUEUE_EMBEDS}`, { count: 'exact' }) as unknown as QueueQuery;
}

/**
 * Applicants whose profile name matches, read under the profiles policy that lets staff read
 * applicants' profiles. Bounded: a name search is for finding a person, not for listing many.
 */
async function applicantsNamed(supabase: SupabaseClient, term: string): Promise<string[]> {
  const pattern = containsLike(term);
  if (!pattern) return [];
  const { data, error } = await supabase.from('profiles').select('id').ilike('full_name', pattern).limit(50);
  if (error) console.error('Searching applicant profiles failed', error.message);
  return ((data ?? []) as { id: string }[]).map((row) => row.id);
}

/** Applicants found by profile name or by e-mail address, each id once. */
async function applicantsMatching(supabase: SupabaseClient, term: string, typed: string): Promise<string[]> {
  const [named, mailed] = await Promise.all([
    applicantsNamed(supabase, term),
    applicantsWithEmail(supabase, typed),
  ]);
  return [...new Set([...named, ...mailed])];
}

export async function resolveQueueFilters(
  supabase: SupabaseClient,
  params: QueueParams,
  userId: string,
): Promise<QueueFilters> {
  const applicant = searchTerm(params.q);
  const course = searchTerm(params.course);
  const intake = searchTerm(params.intake);
  const ids = applicant ? await applicantsMatching(supabase, applicant, params.q) : [];
  return {
    status: params.status,
    applicant: applicant ? { term: applicant, ids } : null,
    course: course || null,
    intake: intake || null,
    assignee: params.assigned === 'me' ? userId : params.assigned === 'unassigned' ? 'unassigned' : null,
  };
}

/** Submitted applications only, narrowed by every filter but the status (the status links count those). */
export function applyQueueFilters(query: QueueQuery, filters: QueueFilters): QueueQuery {
  const applicant = filters.applicant && applicantSearchFilter(filters.applicant.term, filters.applicant.ids);
  const course = filters.course && courseSearchFilter(filters.course);
  const intake = filters.intake && containsLike(filters.intake);
  let narrowed = query.neq('status', 'draft');
  if (applicant) narrowed = narrowed.or(applicant);
  if (course) narrowed = narrowed.or(course, { referencedTable: 'course' });
  if (intake) narrowed = narrowed.ilike('intake.term', intake);
  if (filters.assignee === 'unassigned') narrowed = narrowed.is('assigned_to', null);
  else if (filters.assignee) narrowed = narrowed.eq('assigned_to', filters.assignee);
  return narrowed;
}
