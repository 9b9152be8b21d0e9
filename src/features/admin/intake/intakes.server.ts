import type { SupabaseClient } from '@supabase/supabase-js';
import { INTAKE_PAGE_SIZE, type IntakeFilters } from './intake-filters.ts';
import { placeFigures, type PlaceFigures } from './places.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** One row of admin_intakes(): an intake with its places, the decisions on it and the demand. */
export interface IntakeRow extends PlaceFigures {
  id: string;
  course_id: string;
  course_title: string;
  university_name: string;
  term: string;
  opens_at: string | null;
  deadline: string;
  reply_by: string | null;
  start_date: string;
  status: string;
  release_mode: string;
  applications: number;
  awaiting_decision: number;
  /** Freed-place alerts nobody has handled yet. */
  open_alerts: number;
  total: number;
}

export interface IntakePage {
  rows: IntakeRow[];
  /** Intakes matching the filters on every page; 0 when the page is past the end. */
  total: number;
}

type AdminIntake = Database['public']['Functions']['admin_intakes']['Returns'][number];

/** Counts arrive as bigint, which PostgREST may send as strings. */
function normalise(row: AdminIntake): IntakeRow {
  return {
    ...row,
    ...placeFigures(row),
    applications: Number(row.applications),
    awaiting_decision: Number(row.awaiting_decision),
    open_alerts: Number(row.open_alerts),
    total: Number(row.total),
  };
}

export async function listIntakes(
  supabase: SupabaseClient<Database>,
  filters: IntakeFilters,
): Promise<IntakePage> {
  const { data, error } = await supabase.rpc(
    'admin_intakes',
    withoutNulls({
      status_filter: filters.status || null,
      search: filters.q || null,
      page_size: INTAKE_PAGE_SIZE,
      page_offset: (filters.page - 1) * INTAKE_PAGE_SIZE,
    }),
  );
  if (error) throw new Error(`admin_intakes failed: ${error.message}`);
  const rows = (data ?? []).map(normalise);
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
  release_mode: string;
  opens_at: string | null;
  deadline: string;
  reply_by: string | null;
  start_date: string;
  course_id: string;
  course_title: string;
  university_name: string;
}

const SUMMARY_COLUMNS =
  'id, term, status, release_mode, opens_at, deadline, reply_by, start_date, course_id, course:courses(title, university_name)' as const;

/** One intake by id, named as staff know it; null when there is none. */
export async function getIntake(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<IntakeSummary | null> {
  const { data, error } = await supabase.from('intakes').select(SUMMARY_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new Error(`intake lookup failed: ${error.message}`);
  if (!data) return null;
  const { course, ...row } = data;
  return {
    ...row,
    course_title: course?.title ?? 'Unknown course',
    university_name: course?.university_name ?? 'unknown university',
  };
}
