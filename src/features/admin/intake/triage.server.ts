import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

export const TRIAGE_PAGE_SIZE = 50;

/** A submission waiting for its first look from admissions. */
export interface Submission {
  id: string;
  reference: string;
  submitted_at: string;
  assigned_to: string | null;
  applicant_name: string | null;
  course: { title: string; university_name: string } | null;
  intake: { term: string } | null;
}

export interface TriageFilters {
  /** Part of a reference, an applicant's name or e-mail address. */
  q: string;
  page: number;
}

const COLUMNS = `id, reference, submitted_at, assigned_to, applicant_name:answers->personal->>full_name,
  course:courses(title, university_name), intake:intakes(term)`;

/** Submitted applications, oldest first: whoever has waited longest is seen first. */
export async function listSubmissions(
  supabase: SupabaseClient<Database>,
  filters: TriageFilters,
): Promise<{ rows: Submission[]; total: number }> {
  const from = (filters.page - 1) * TRIAGE_PAGE_SIZE;
  // A search runs in the database, which matches accents and case (staff_search_applications).
  const source = filters.q.trim()
    ? supabase
        .rpc('staff_search_applications', { search: filters.q.trim() }, { count: 'exact' })
        .select(COLUMNS)
    : supabase.from('applications').select(COLUMNS, { count: 'exact' });
  const { data, error, count } = await source
    .eq('status', 'submitted')
    .order('submitted_at', { ascending: true })
    .order('id', { ascending: true })
    .range(from, from + TRIAGE_PAGE_SIZE - 1);
  // A page past the end (the queue shrank since the link was made) is an empty page, not a failure.
  if (error?.code === 'PGRST103') return { rows: [], total: 0 };
  if (error) throw new Error(`triage queue failed: ${error.message}`);
  return { rows: (data ?? []) as unknown as Submission[], total: count ?? 0 };
}

export async function countAwaitingTriage(supabase: SupabaseClient<Database>): Promise<number> {
  const { count, error } = await supabase
    .from('applications')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'submitted');
  if (error) throw new Error(`triage count failed: ${error.message}`);
  return count ?? 0;
}
