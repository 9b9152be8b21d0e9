/**
 * The catalogue rows as the admin pages read them: every column the forms edit, and the row's
 * version, which each edit form sends back so a stale save is refused instead of overwriting.
 */

export interface UniversityRow {
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
  published: boolean;
  last_verified_at: string | null;
  version: number;
}

export const UNIVERSITY_COLUMNS =
  'id, slug, name, country_code, country_name, city, type, founded_year, ranking_world, ranking_national, website, description, is_partner, currency, published, last_verified_at, version';

export interface CourseRow {
  id: string;
  university_id: string;
  slug: string;
  title: string;
  level: string;
  field: string;
  duration_months: number;
  study_mode: string;
  language: string;
  tuition_amount: number | string;
  tuition_currency: string;
  tuition_period: string;
  application_fee: number | string;
  application_fee_currency: string | null;
  entry_requirements: string;
  min_grade_percent: number | null;
  min_gpa: number | string | null;
  required_prior_level: string | null;
  min_ielts: number | string | null;
  min_toefl: number | null;
  min_pte: number | null;
  min_duolingo: number | null;
  description: string;
  published: boolean;
  last_verified_at: string | null;
  version: number;
}

export const COURSE_COLUMNS =
  'id, university_id, slug, title, level, field, duration_months, study_mode, language, tuition_amount, tuition_currency, tuition_period, application_fee, application_fee_currency, entry_requirements, min_grade_percent, min_gpa, required_prior_level, min_ielts, min_toefl, min_pte, min_duolingo, description, published, last_verified_at, version';

export interface IntakeRow {
  id: string;
  term: string;
  start_date: string;
  opens_at: string | null;
  deadline: string;
  reply_by: string | null;
  /** Places: offers and acceptances held against the intake; null for no limit. */
  capacity: number | null;
  over_offer: number;
  release_mode: string;
  status: string;
  version: number;
}

export const INTAKE_COLUMNS =
  'id, term, start_date, opens_at, deadline, reply_by, capacity, over_offer, release_mode, status, version';

export interface DocumentRequirementRow {
  id: string;
  kind: string;
  required: boolean;
  allowed_types: string[];
  max_size_bytes: number;
  description: string;
  version: number;
}

export const DOCUMENT_COLUMNS = 'id, kind, required, allowed_types, max_size_bytes, description, version';
