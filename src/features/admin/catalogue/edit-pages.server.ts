import type { SupabaseClient } from '@supabase/supabase-js';
import { UUID } from './catalogue-post.server.ts';
import {
  COURSE_COLUMNS,
  DOCUMENT_COLUMNS,
  INTAKE_COLUMNS,
  UNIVERSITY_COLUMNS,
  type CourseRow,
  type DocumentRequirementRow,
  type IntakeRow,
  type UniversityRow,
} from './catalogue-rows.ts';
import { listCurrencies } from './university-list.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface CourseSummary {
  id: string;
  title: string;
  slug: string;
  level: string;
  published: boolean;
  last_verified_at: string | null;
}

export interface UniversityPage {
  university: UniversityRow;
  courses: CourseSummary[];
  currencies: string[];
}

export interface CoursePage {
  course: CourseRow;
  university: Pick<UniversityRow, 'id' | 'name' | 'slug' | 'published'>;
  intakes: IntakeRow[];
  requirements: DocumentRequirementRow[];
  currencies: string[];
}

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T | null {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data;
}

/** A university with its courses, or null when the id names none. */
export async function loadUniversityPage(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<UniversityPage | null> {
  if (!UUID.test(id)) return null;
  const [university, courses, currencies] = await Promise.all([
    supabase.from('universities').select(UNIVERSITY_COLUMNS).eq('id', id).maybeSingle(),
    supabase
      .from('courses')
      .select('id, title, slug, level, published, last_verified_at')
      .eq('university_id', id)
      .order('title'),
    listCurrencies(supabase),
  ]);
  const row = must(university, 'university');
  if (!row) return null;
  return { university: row, courses: must(courses, 'courses') ?? [], currencies };
}

/** A course with its university, intakes and document checklist, or null when the id names none. */
export async function loadCoursePage(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<CoursePage | null> {
  if (!UUID.test(id)) return null;
  const [course, intakes, requirements, currencies] = await Promise.all([
    supabase
      .from('courses')
      .select(`${COURSE_COLUMNS}, universities(id, name, slug, published)`)
      .eq('id', id)
      .maybeSingle(),
    supabase.from('intakes').select(INTAKE_COLUMNS).eq('course_id', id).order('start_date').order('term'),
    supabase.from('document_requirements').select(DOCUMENT_COLUMNS).eq('course_id', id).order('kind'),
    listCurrencies(supabase),
  ]);
  const row = must(course, 'course');
  if (!row) return null;
  const { universities: university, ...courseRow } = row;
  return {
    course: courseRow,
    university,
    intakes: must(intakes, 'intakes') ?? [],
    requirements: must(requirements, 'document requirements') ?? [],
    currencies,
  };
}
