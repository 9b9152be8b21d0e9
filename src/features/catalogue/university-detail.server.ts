import type { SupabaseClient } from '@supabase/supabase-js';
import { normaliseIntake, PUBLIC_INTAKE_COLUMNS, type Intake } from './course-detail.server.ts';
import type { DetailKey } from './slug.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface UniversityCourse {
  id: string;
  slug: string;
  title: string;
  level: string;
  field: string;
  duration_months: number;
  study_mode: string;
  tuition_amount: number;
  tuition_currency: string;
  tuition_period: 'year' | 'total';
  application_fee: number;
  next_deadline: string | null;
  last_verified_at: string | null;
  intakes: Intake[];
}

export interface UniversityDetail {
  id: string;
  slug: string;
  name: string;
  country_code: string;
  country_name: string | null;
  city: string;
  type: string;
  founded_year: number | null;
  ranking_world: number | null;
  ranking_national: number | null;
  website: string | null;
  description: string;
  is_partner: boolean;
  currency: string;
  tuition_min: number | null;
  tuition_max: number | null;
  course_count: number;
  last_verified_at: string | null;
  courses: UniversityCourse[];
}

const COLUMNS = `id, slug, name, country_code, country_name, city, type, founded_year, ranking_world,
  ranking_national, website, description, is_partner, currency, tuition_min, tuition_max, course_count,
  last_verified_at,
  courses(id, slug, title, level, field, duration_months, study_mode, tuition_amount, tuition_currency,
    tuition_period, application_fee, next_deadline, last_verified_at,
    intakes(${PUBLIC_INTAKE_COLUMNS}))`;

function normalise(row: Record<string, unknown>): UniversityDetail {
  const detail = row as unknown as UniversityDetail;
  for (const key of ['tuition_min', 'tuition_max'] as const)
    detail[key] = detail[key] === null ? null : Number(detail[key]);
  detail.courses = [...(detail.courses ?? [])]
    .map((course) => ({
      ...course,
      tuition_amount: Number(course.tuition_amount),
      application_fee: Number(course.application_fee),
      intakes: ((course.intakes ?? []) as unknown as Record<string, unknown>[])
        .map(normaliseIntake)
        .filter((intake) => intake.status === 'open' || intake.status === 'closed')
        .sort((a, b) => a.deadline.localeCompare(b.deadline)),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return detail;
}

/** A published university by slug or id with its published courses and their intakes. */
export async function getUniversity(
  supabase: SupabaseClient<Database>,
  key: DetailKey,
): Promise<UniversityDetail | null> {
  if (key.kind === 'invalid') return null;
  const { data, error } = await supabase
    .from('universities')
    .select(COLUMNS)
    .eq(key.kind, key.value)
    .maybeSingle();
  if (error) throw new Error(`university: ${error.message}`);
  return data ? normalise(data as Record<string, unknown>) : null;
}
