import { SCHOLARSHIP_ROW_COLUMNS, type ScholarshipRowBase } from '../../lib/scholarship-row.ts';
import type { ScholarshipRules } from './eligibility.ts';

/** What an award pays for. */
export type PaysTowards = 'tuition' | 'living' | 'tuition_and_living';

/** A scholarship as pages show it. */
export interface Scholarship extends ScholarshipRules {
  id: string;
  slug: string;
  provider: string;
  name: string;
  description: string;
  award: { kind: 'amount'; amount: number; currency: string } | { kind: 'percentage'; percentage: number };
  awardPeriod: 'year' | 'total';
  paysTowards: PaysTowards;
  appliesTo: 'any' | 'university' | 'courses';
  university: { id: string; slug: string; name: string; countryCode: string } | null;
  courseIds: string[];
  lastVerifiedAt: string | null;
  sourceUrl: string | null;
}

/** The columns the pages read, with the university and the named courses. */
export const SCHOLARSHIP_COLUMNS =
  `${SCHOLARSHIP_ROW_COLUMNS}, universities(id, slug, name, country_code), scholarship_courses(course_id)` as const;

export interface ScholarshipRow extends ScholarshipRowBase {
  universities: { id: string; slug: string; name: string; country_code: string } | null;
  scholarship_courses: { course_id: string }[];
}

export function toScholarship(row: ScholarshipRow): Scholarship {
  const uni = row.universities;
  return {
    id: row.id,
    slug: row.slug,
    provider: row.provider,
    name: row.name,
    description: row.description,
    award:
      row.award_kind === 'amount'
        ? { kind: 'amount', amount: Number(row.amount), currency: row.currency ?? 'USD' }
        : { kind: 'percentage', percentage: row.percentage ?? 0 },
    // Check constraints keep these columns to the values below.
    awardPeriod: row.award_period === 'total' ? 'total' : 'year',
    paysTowards:
      row.pays_towards === 'living' || row.pays_towards === 'tuition_and_living'
        ? row.pays_towards
        : 'tuition',
    appliesTo: row.applies_to === 'university' || row.applies_to === 'courses' ? row.applies_to : 'any',
    university: uni ? { id: uni.id, slug: uni.slug, name: uni.name, countryCode: uni.country_code } : null,
    courseIds: row.scholarship_courses.map((link) => link.course_id),
    lastVerifiedAt: row.last_verified_at,
    sourceUrl: row.source_url,
    levels: row.levels,
    nationalities: row.nationalities,
    subjectAreas: row.subject_areas,
    minGradePercent: row.min_grade_percent,
    minGpa: row.min_gpa === null ? null : Number(row.min_gpa),
    deadline: row.deadline,
  };
}
