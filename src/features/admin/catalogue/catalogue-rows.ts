import type { Columns } from '../../../lib/supabase/columns.ts';
import type { Tables } from '../../../lib/supabase/database.types.ts';

/**
 * The catalogue rows as the admin pages read them: every column the forms edit, and the row's
 * version, which each edit form sends back so a stale save is refused instead of overwriting.
 * Each row type is the table's generated row narrowed to the columns its select names.
 */

export const UNIVERSITY_COLUMNS =
  'id, slug, name, country_code, country_name, city, type, founded_year, ranking_world, ranking_national, website, description, is_partner, letter_signatory, letter_signatory_title, currency, published, last_verified_at, version';
export type UniversityRow = Pick<Tables<'universities'>, Columns<typeof UNIVERSITY_COLUMNS>>;

export const COURSE_COLUMNS =
  'id, university_id, slug, title, level, field, duration_months, study_mode, language, tuition_amount, tuition_currency, tuition_period, application_fee, application_fee_currency, deposit_minor, deposit_currency, deposit_days, entry_requirements, min_grade_percent, min_gpa, required_prior_level, min_ielts, min_toefl, min_pte, min_duolingo, max_choices, description, published, last_verified_at, version';
export type CourseRow = Pick<Tables<'courses'>, Columns<typeof COURSE_COLUMNS>>;

export const INTAKE_COLUMNS =
  'id, term, start_date, opens_at, deadline, reply_by, capacity, over_offer, release_mode, reads_required, references_min, references_max, submit_before_references, application_fee_minor, application_fee_currency, status, version';
export type IntakeRow = Pick<Tables<'intakes'>, Columns<typeof INTAKE_COLUMNS>>;

export const DOCUMENT_COLUMNS = 'id, kind, required, allowed_types, max_size_bytes, description, version';
export type DocumentRequirementRow = Pick<Tables<'document_requirements'>, Columns<typeof DOCUMENT_COLUMNS>>;
