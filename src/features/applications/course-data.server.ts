import type { SupabaseClient } from '@supabase/supabase-js';
import { isFull } from '../catalogue/intake-availability.ts';
import type { CourseOption, DocumentRequirement, IntakeOption } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import { isPriorLevel } from '../../lib/course-options.ts';
import type { EntryRequirements } from './entry-check.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPLOADABLE: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png'];
const COURSE_COLUMNS = 'id, slug, title, university_name, level';

/** A published course by id or slug, as the visitor may see it; null when there is none. */
export async function findCourse(
  supabase: SupabaseClient<Database>,
  idOrSlug: string,
): Promise<CourseOption | null> {
  if (!idOrSlug) return null;
  const column = UUID.test(idOrSlug) ? 'id' : 'slug';
  const { data } = await supabase.from('courses').select(COURSE_COLUMNS).eq(column, idOrSlug).maybeSingle();
  return data;
}

/** The course's entry requirements, for the warning on the review step; null when unreadable. */
export async function findEntryRequirements(
  supabase: SupabaseClient<Database>,
  courseId: string,
): Promise<EntryRequirements | null> {
  const { data } = await supabase
    .from('courses')
    .select('min_grade_percent, required_prior_level, min_ielts, min_toefl, min_pte, min_duolingo')
    .eq('id', courseId)
    .maybeSingle();
  if (!data) return null;
  const prior = data.required_prior_level;
  return {
    minGradePercent: data.min_grade_percent,
    requiredPriorLevel: prior !== null && isPriorLevel(prior) ? prior : null,
    minIelts: data.min_ielts === null ? null : Number(data.min_ielts),
    minToefl: data.min_toefl,
    minPte: data.min_pte,
    minDuolingo: data.min_duolingo,
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** Intakes of a course that accept applications today: open, opened, deadline not passed. */
export async function listOpenIntakes(
  supabase: SupabaseClient<Database>,
  courseId: string,
): Promise<IntakeOption[]> {
  const { data } = await supabase
    .from('intakes')
    .select('id, term, start_date, opens_at, deadline, reply_by, intake_fullness(is_full)')
    .eq('course_id', courseId)
    .eq('status', 'open')
    .gte('deadline', today())
    .order('start_date');
  return (data ?? [])
    .filter((intake) => !intake.opens_at || intake.opens_at <= today())
    .map(({ intake_fullness: fullness, ...intake }) => ({ ...intake, is_full: isFull(fullness) }));
}

/** The course's own document list, or the defaults when it has none (as submission checks). */
export async function listRequirements(
  supabase: SupabaseClient<Database>,
  courseId: string,
): Promise<DocumentRequirement[]> {
  const { data } = await supabase
    .from('document_requirements')
    .select('course_id, kind, required, allowed_types, max_size_bytes, description')
    .or(`course_id.eq.${courseId},course_id.is.null`)
    .order('kind');
  const rows = (data ?? []) as (DocumentRequirement & { course_id: string | null })[];
  const own = rows.filter((row) => row.course_id === courseId);
  const chosen = own.length > 0 ? own : rows.filter((row) => row.course_id === null);
  // Only the types the documents bucket stores are offered; other types are converted to PDF first.
  return chosen
    .map(({ course_id: _course, ...rule }) => ({
      ...rule,
      allowed_types: rule.allowed_types.filter((type) => UPLOADABLE.includes(type)),
    }))
    .sort((a, b) => Number(b.required) - Number(a.required) || a.kind.localeCompare(b.kind));
}
