/** A row of public.scholarships as PostgREST returns it (numeric columns may come as strings). */
export interface ScholarshipRowBase {
  id: string;
  slug: string;
  provider: string;
  name: string;
  description: string;
  award_kind: 'amount' | 'percentage';
  amount: number | string | null;
  currency: string | null;
  percentage: number | null;
  award_period: 'year' | 'total';
  levels: string[];
  nationalities: string[];
  subject_areas: string[];
  min_grade_percent: number | null;
  min_gpa: number | string | null;
  deadline: string | null;
  applies_to: 'any' | 'university' | 'courses';
  last_verified_at: string | null;
  source_url: string | null;
}
