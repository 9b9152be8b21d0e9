import type { SupabaseClient } from '@supabase/supabase-js';
import { SCHOLARSHIP_ROW_COLUMNS, type ScholarshipRowBase } from '../../../lib/scholarship-row.ts';
import { UUID } from './catalogue-post.server.ts';
import { COURSE_LEVELS } from './options.ts';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';

export const SCHOLARSHIP_ADMIN_COLUMNS =
  `${SCHOLARSHIP_ROW_COLUMNS}, university_id, visible, version, universities(name), scholarship_courses(courses(slug))` as const;

export interface ScholarshipAdminRow
  extends ScholarshipRowBase, Pick<Tables<'scholarships'>, 'university_id' | 'visible' | 'version'> {
  universities: { name: string } | null;
  scholarship_courses: { courses: { slug: string } | null }[];
}

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** A stored scholarship as the strings its form shows. */
export function scholarshipValues(row: ScholarshipAdminRow): Record<string, string> {
  const values: Record<string, string> = {
    name: row.name,
    provider: row.provider,
    slug: row.slug,
    description: row.description,
    award_kind: row.award_kind,
    amount: text(row.amount),
    currency: text(row.currency),
    percentage: text(row.percentage),
    award_period: row.award_period,
    pays_towards: row.pays_towards,
    nationalities: row.nationalities.join(', '),
    subject_areas: row.subject_areas.join(', '),
    min_grade_percent: text(row.min_grade_percent),
    min_gpa: text(row.min_gpa),
    deadline: text(row.deadline),
    applies_to: row.applies_to,
    university_id: text(row.university_id),
    courses: row.scholarship_courses.flatMap((link) => (link.courses ? [link.courses.slug] : [])).join('\n'),
    source_url: text(row.source_url),
    visible: row.visible ? 'on' : '',
    version: String(row.version),
  };
  for (const level of COURSE_LEVELS) values[`level_${level}`] = row.levels.includes(level) ? 'on' : '';
  return values;
}

/** One scholarship for its edit page, or null when the id names none. */
export async function loadScholarshipRow(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<ScholarshipAdminRow | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await supabase
    .from('scholarships')
    .select(SCHOLARSHIP_ADMIN_COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`scholarship: ${error.message}`);
  return data;
}

/** Every scholarship, hidden ones too, for the list. */
export async function listScholarshipRows(
  supabase: SupabaseClient<Database>,
): Promise<ScholarshipAdminRow[]> {
  const { data, error } = await supabase
    .from('scholarships')
    .select(SCHOLARSHIP_ADMIN_COLUMNS)
    .order('name')
    .limit(1000);
  if (error) throw new Error(`scholarships: ${error.message}`);
  return data;
}

/** The universities a scholarship may belong to, by name. */
export async function listUniversityChoices(
  supabase: SupabaseClient<Database>,
): Promise<{ value: string; label: string }[]> {
  const { data, error } = await supabase.from('universities').select('id, name').order('name').limit(2000);
  if (error) throw new Error(`universities: ${error.message}`);
  return (data ?? []).map((u) => ({ value: u.id, label: u.name }));
}
