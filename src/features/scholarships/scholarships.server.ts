import type { SupabaseClient } from '@supabase/supabase-js';
import { subjectMatches } from './eligibility.ts';
import { SCHOLARSHIP_COLUMNS, toScholarship, type Scholarship } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** Enough for every scholarship the catalogue lists; the page filters them in memory. */
const MAX_SCHOLARSHIPS = 500;

/** The visible scholarships (RLS hides the others from visitors), soonest deadline first. */
export async function listScholarships(supabase: SupabaseClient<Database>): Promise<Scholarship[]> {
  const { data, error } = await supabase
    .from('scholarships')
    .select(SCHOLARSHIP_COLUMNS)
    .eq('visible', true)
    .order('deadline', { ascending: true, nullsFirst: false })
    .order('name')
    .limit(MAX_SCHOLARSHIPS);
  if (error) throw new Error(`scholarships: ${error.message}`);
  return data.map(toScholarship);
}

export interface ScholarshipCourse {
  id: string;
  universityId: string;
  level: string;
  field: string;
}

/**
 * Whether a scholarship can be used for a course: one naming courses, for those; one for a university
 * or for any, when its level and subject rules admit the course.
 */
export function appliesToCourse(scholarship: Scholarship, course: ScholarshipCourse): boolean {
  if (scholarship.appliesTo === 'courses') {
    return scholarship.university?.id === course.universityId && scholarship.courseIds.includes(course.id);
  }
  if (scholarship.appliesTo === 'university' && scholarship.university?.id !== course.universityId)
    return false;
  const levelFits = scholarship.levels.length === 0 || scholarship.levels.includes(course.level);
  const subjectFits =
    scholarship.subjectAreas.length === 0 ||
    scholarship.subjectAreas.some((area) => subjectMatches(area, course.field));
  return levelFits && subjectFits;
}

/** The visible scholarships a course qualifies for: open to any course, its university's, or its own. */
export async function listCourseScholarships(
  supabase: SupabaseClient<Database>,
  course: ScholarshipCourse,
): Promise<Scholarship[]> {
  const all = await listScholarships(supabase);
  return all.filter((s) => appliesToCourse(s, course));
}

/** The visible scholarships of one university (for all or some of its courses). */
export async function listUniversityScholarships(
  supabase: SupabaseClient<Database>,
  universityId: string,
): Promise<Scholarship[]> {
  const all = await listScholarships(supabase);
  return all.filter((s) => s.university?.id === universityId);
}
