import type { SupabaseClient } from '@supabase/supabase-js';
import { findLivingCosts } from './living-costs.server.ts';
import { placeKey, type LivingCost } from './living-costs.ts';
import type { DiscoverAnswers } from './discover-schema.ts';
import { isPriorLevel } from '../../lib/course-options.ts';
import type { RowOf } from '../../lib/supabase/columns.ts';
import { assessEligibility, type Eligibility, type EligibilityCourse } from './eligibility.ts';
import type { RateTable } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface DiscoverMatch {
  id: string;
  slug: string;
  title: string;
  universityName: string;
  universityCity: string;
  countryCode: string;
  result: Eligibility;
  /** The living costs of the university's city, or null when we have no figure for it. */
  livingCost: LivingCost | null;
}

const CANDIDATE_COLUMNS =
  'id, slug, title, level, field, university_name, university_city, university_country_code, tuition_annual, tuition_currency, min_grade_percent, required_prior_level, min_ielts, min_toefl, min_pte, min_duolingo, intake_months' as const;
type CandidateRow = RowOf<'courses', typeof CANDIDATE_COLUMNS>;

const CANDIDATE_LIMIT = 400;
export const MATCHES_SHOWN = 20;

function toEligibilityCourse(row: CandidateRow): EligibilityCourse {
  return {
    level: row.level,
    field: row.field,
    countryCode: row.university_country_code,
    tuitionAnnual: Number(row.tuition_annual),
    tuitionCurrency: row.tuition_currency,
    minGradePercent: row.min_grade_percent,
    // A check constraint keeps the column to the prior levels.
    requiredPriorLevel:
      row.required_prior_level !== null && isPriorLevel(row.required_prior_level)
        ? row.required_prior_level
        : null,
    minIelts: row.min_ielts === null ? null : Number(row.min_ielts),
    minToefl: row.min_toefl,
    minPte: row.min_pte,
    minDuolingo: row.min_duolingo,
    intakeMonths: row.intake_months,
  };
}

/**
 * Courses of the chosen level, field and countries, ranked by how well they fit the answers:
 * eligible ones first, then by score. Budget, English, grades and start month rank and explain but
 * never hide a course, so visitors see what they would need.
 */
export async function findMatches(
  supabase: SupabaseClient<Database>,
  answers: DiscoverAnswers,
  rates: RateTable,
): Promise<{ matches: DiscoverMatch[]; considered: number }> {
  let query = supabase
    .from('courses')
    .select(CANDIDATE_COLUMNS)
    .order('tuition_annual_usd')
    .limit(CANDIDATE_LIMIT);
  if (answers.level) query = query.eq('level', answers.level);
  if (answers.field) query = query.eq('field', answers.field);
  if (answers.country.length) query = query.in('university_country_code', answers.country);
  const { data, error } = await query;
  if (error) throw new Error(`discover: ${error.message}`);
  const rows = data ?? [];
  const matches = rows
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      universityName: row.university_name,
      universityCity: row.university_city,
      countryCode: row.university_country_code,
      result: assessEligibility(toEligibilityCourse(row), answers, rates),
      livingCost: null as LivingCost | null,
    }))
    .sort((a, b) => Number(b.result.eligible) - Number(a.result.eligible) || b.result.score - a.result.score);
  const shown = matches.slice(0, MATCHES_SHOWN);
  const costs = await findLivingCosts(
    supabase,
    shown.map((match) => ({ countryCode: match.countryCode, city: match.universityCity })),
  );
  for (const match of shown)
    match.livingCost = costs.get(placeKey(match.countryCode, match.universityCity)) ?? null;
  return { matches: shown, considered: rows.length };
}
