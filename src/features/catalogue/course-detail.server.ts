import type { SupabaseClient } from '@supabase/supabase-js';
import { isFull } from './intake-availability.ts';
import type { DetailKey } from './slug.ts';
import { findLivingCosts } from './living-costs.server.ts';
import { placeKey, type LivingCost } from './living-costs.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface Intake {
  term: string;
  start_date: string;
  opens_at: string | null;
  deadline: string;
  reply_by: string | null;
  status: string;
  /** Every place is held by an offer or an acceptance; applying still joins the waiting list. */
  is_full: boolean;
}

/** The intake columns the public pages show, with whether the intake is full. */
export const PUBLIC_INTAKE_COLUMNS =
  'term, start_date, opens_at, deadline, reply_by, status, intake_fullness(is_full)';

/** An embedded intake row with its fullness read into is_full. */
export function normaliseIntake(row: Record<string, unknown>): Intake {
  const { intake_fullness: fullness, ...intake } = row;
  return { ...(intake as Omit<Intake, 'is_full'>), is_full: isFull(fullness) };
}

export interface CourseDetail {
  id: string;
  slug: string;
  title: string;
  level: string;
  field: string;
  duration_months: number;
  study_mode: string;
  language: string;
  tuition_amount: number;
  tuition_currency: string;
  tuition_period: 'year' | 'total';
  tuition_annual: number;
  application_fee: number;
  application_fee_currency: string | null;
  entry_requirements: string;
  min_grade_percent: number | null;
  min_gpa: number | null;
  required_prior_level: string | null;
  min_ielts: number | null;
  min_toefl: number | null;
  min_pte: number | null;
  min_duolingo: number | null;
  description: string;
  last_verified_at: string | null;
  next_deadline: string | null;
  intake_months: number[];
  universities: {
    id: string;
    slug: string;
    name: string;
    city: string;
    country_code: string;
    country_name: string | null;
    is_partner: boolean;
    website: string | null;
  };
  intakes: Intake[];
  document_requirements: { kind: string; required: boolean; description: string }[];
  /** The living costs of the university's city, or null when we have no figure for it. */
  living_cost: LivingCost | null;
}

export const COURSE_DETAIL_COLUMNS = `id, slug, title, level, field, duration_months, study_mode, language,
  tuition_amount, tuition_currency, tuition_period, tuition_annual, application_fee, application_fee_currency,
  entry_requirements, min_grade_percent, min_gpa, required_prior_level, min_ielts, min_toefl, min_pte,
  min_duolingo, description, last_verified_at, next_deadline, intake_months,
  universities(id, slug, name, city, country_code, country_name, is_partner, website),
  intakes(${PUBLIC_INTAKE_COLUMNS}),
  document_requirements(kind, required, description)`;

const NUMERIC = [
  'tuition_amount',
  'tuition_annual',
  'application_fee',
  'min_gpa',
  'min_ielts',
] as const satisfies readonly (keyof CourseDetail)[];

/** PostgREST sends numeric columns as JSON numbers or strings depending on size; normalise them. */
export function normaliseCourse(row: Record<string, unknown>): CourseDetail {
  const course = { ...row } as Record<string, unknown>;
  for (const key of NUMERIC) course[key] = course[key] === null ? null : Number(course[key]);
  const detail = course as unknown as CourseDetail;
  detail.intakes = ((course['intakes'] ?? []) as Record<string, unknown>[])
    .map(normaliseIntake)
    .filter((intake) => intake.status !== 'archived')
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  detail.living_cost = null;
  return detail;
}

/** Gives each course the living costs of its university's city. */
export async function withLivingCosts(
  supabase: SupabaseClient<Database>,
  courses: CourseDetail[],
): Promise<CourseDetail[]> {
  const places = courses.map((course) => ({
    countryCode: course.universities.country_code,
    city: course.universities.city,
  }));
  const costs = await findLivingCosts(supabase, places);
  for (const course of courses)
    course.living_cost =
      costs.get(placeKey(course.universities.country_code, course.universities.city)) ?? null;
  return courses;
}

/** A published course by slug or id, with its university, intakes and document list; null when unknown. */
export async function getCourse(
  supabase: SupabaseClient<Database>,
  key: DetailKey,
): Promise<CourseDetail | null> {
  if (key.kind === 'invalid') return null;
  const { data, error } = await supabase
    .from('courses')
    .select(COURSE_DETAIL_COLUMNS)
    .eq(key.kind, key.value)
    .maybeSingle();
  if (error) throw new Error(`course: ${error.message}`);
  if (!data) return null;
  const [course] = await withLivingCosts(supabase, [normaliseCourse(data as Record<string, unknown>)]);
  return course ?? null;
}

/** Up to four courses for the comparison table, in the order asked. */
export async function getCoursesById(
  supabase: SupabaseClient<Database>,
  ids: readonly string[],
): Promise<CourseDetail[]> {
  if (ids.length === 0) return [];
  const { data, error } = await supabase
    .from('courses')
    .select(COURSE_DETAIL_COLUMNS)
    .in('id', [...ids]);
  if (error) throw new Error(`courses: ${error.message}`);
  const rows = await withLivingCosts(
    supabase,
    ((data ?? []) as Record<string, unknown>[]).map(normaliseCourse),
  );
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}
