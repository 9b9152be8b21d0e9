import type { RowOf } from './supabase/columns.ts';

/** The columns of public.scholarships every scholarship page reads, public or admin. */
export const SCHOLARSHIP_ROW_COLUMNS =
  'id, slug, provider, name, description, award_kind, amount, currency, percentage, award_period, pays_towards, levels, nationalities, subject_areas, min_grade_percent, min_gpa, deadline, applies_to, last_verified_at, source_url' as const;

/** A row of public.scholarships narrowed to those columns. */
export type ScholarshipRowBase = RowOf<'scholarships', typeof SCHOLARSHIP_ROW_COLUMNS>;
