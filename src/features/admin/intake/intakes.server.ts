import type { SupabaseClient } from '@supabase/supabase-js';
import { INTAKE_PAGE_SIZE, type IntakeFilters } from './intake-filters.ts';

/** One row of admin_intakes(): an intake with the demand against it. */
export interface IntakeRow {
  id: string;
  course_id: string;
  course_title: string;
  university_name: string;
  term: string;
  opens_at: string | null;
  deadline: string;
  reply_by: string | null;
  start_date: string;
  capacity: number | null;
  status: string;
  applications: number;
  awaiting_decision: number;
  offers: number;
  accepted: number;
  total: number;
}

export interface IntakePage {
  rows: IntakeRow[];
  /** Intakes matching the filters on every page; 0 when the page is past the end. */
  total: number;
}

/** Counts arrive as bigint, which PostgREST may send as strings. */
function normalise(row: IntakeRow): IntakeRow {
  return {
    ...row,
    applications: Number(row.applications),
    awaiting_decision: Number(row.awaiting_decision),
    offers: Number(row.offers),
    accepted: Number(row.accepted),
    total: Number(row.total),
  };
}

export async function listIntakes(supabase: SupabaseClient, filters: IntakeFilters): Promise<IntakePage> {
  const { data, error } = await supabase.rpc('admin_intakes', {
    status_filter: filters.status || null,
    search: filters.q || null,
    page_size: INTAKE_PAGE_SIZE,
    page_offset: (filters.page - 1) * INTAKE_PAGE_SIZE,
  });
  if (error) throw new Error(`admin_intakes failed: ${error.message}`);
  const rows = ((data ?? []) as IntakeRow[]).map(normalise);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** "September 2027 · MSc Data Science, Ashcombe University": how staff name an intake. */
export function intakeName(intake: { term: string; course_title: string; university_name: string }): string {
  return `${intake.term} · ${intake.course_title}, ${intake.university_name}`;
}

export interface IntakeSummary {
  id: string;
  term: string;
  status: string;
  deadline: string;
  course_title: string;
  university_name: string;
  awaiting_decision: number;
}

/** One intake by id for the confirmation page, with how many applications still await a decision. */
export async function getIntake(supabase: SupabaseClient, id: string): Promise<IntakeSummary | null> {
  const { data, error } = await supabase
    .from('intakes')
    .select('id, term, status, deadline, course:courses(title, university_name)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`intake lookup failed: ${error.message}`);
  if (!data) return null;
  const row = data as unknown as {
    id: string;
    term: string;
    status: string;
    deadline: string;
    course: { title: string; university_name: string } | null;
  };
  const waiting = await supabase
    .from('applications')
    .select('id', { count: 'exact', head: true })
    .eq('intake_id', id)
    .in('status', ['submitted', 'under_review', 'action_required']);
  if (waiting.error) throw new Error(`waiting count failed: ${waiting.error.message}`);
  return {
    id: row.id,
    term: row.term,
    status: row.status,
    deadline: row.deadline,
    course_title: row.course?.title ?? 'Unknown course',
    university_name: row.course?.university_name ?? 'unknown university',
    awaiting_decision: waiting.count ?? 0,
  };
}
