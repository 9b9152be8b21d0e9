import type { SupabaseClient } from '@supabase/supabase-js';
import { convertMoney } from '../../lib/convert-money.ts';
import type { DisplayCurrency } from '../../lib/display-currency.ts';
import { PAGE_SIZE, type CourseSearchInput } from './schema.ts';
import type { CourseCard, CourseResults, RateTable } from './types.ts';
import { withoutNulls } from '../../lib/supabase/rpc-args.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/**
 * A row of search_courses() as it arrives. Kept by hand: generated `returns table` columns are never
 * null (as with `supabase gen types`), and this row's may be; the generated row is assignable to it.
 */
interface SearchRow {
  id: string;
  slug: string;
  title: string;
  level: string;
  field: string;
  university_name: string;
  university_city: string;
  country_code: string;
  duration_months: number;
  study_mode: string;
  language: string;
  tuition_amount: number | string;
  tuition_currency: string;
  tuition_period: string;
  next_deadline: string | null;
  min_ielts: number | string | null;
  total_count: number | string;
}

export function toCourseCard(row: SearchRow): CourseCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    level: row.level,
    field: row.field,
    universityName: row.university_name,
    universityCity: row.university_city,
    countryCode: row.country_code,
    durationMonths: row.duration_months,
    studyMode: row.study_mode,
    language: row.language,
    tuitionAmount: Number(row.tuition_amount),
    tuitionCurrency: row.tuition_currency,
    // courses.tuition_period is checked to 'year' or 'total' in the schema.
    tuitionPeriod: row.tuition_period === 'total' ? 'total' : 'year',
    nextDeadline: row.next_deadline,
    minIelts: row.min_ielts === null ? null : Number(row.min_ielts),
  };
}

const nullIfEmpty = <T>(values: T[]) => (values.length ? values : null);

function rpcArgs(input: CourseSearchInput, q: string, currency: DisplayCurrency, rates: RateTable) {
  const maxUsd =
    input.tuition_max === undefined ? null : convertMoney(input.tuition_max, currency, 'USD', rates);
  return {
    q: q || null,
    levels: nullIfEmpty(input.level),
    fields: nullIfEmpty(input.field),
    countries: nullIfEmpty(input.country),
    university_ids: nullIfEmpty(input.university),
    max_tuition_usd: maxUsd,
    min_duration_months: null,
    max_duration_months: input.duration_max ?? null,
    study_modes: nullIfEmpty(input.mode),
    languages: nullIfEmpty(input.language),
    intake_month: input.intake ?? null,
    sort: input.sort,
    page_size: PAGE_SIZE,
    page_offset: (input.page - 1) * PAGE_SIZE,
  };
}

async function runSearch(
  supabase: SupabaseClient<Database>,
  args: ReturnType<typeof rpcArgs>,
): Promise<{ items: CourseCard[]; total: number }> {
  const { data, error } = await supabase.rpc('search_courses', withoutNulls(args));
  if (error) throw new Error(`search_courses: ${error.message}`);
  const rows: SearchRow[] = data ?? [];
  return { items: rows.map(toCourseCard), total: Number(rows[0]?.total_count ?? 0) };
}

async function correction(supabase: SupabaseClient<Database>, q: string): Promise<string | null> {
  if (q.length < 3) return null;
  const { data } = await supabase.rpc('correct_query', { q });
  return typeof data === 'string' && data !== q.toLowerCase() ? data : null;
}

/**
 * One page of course search. A query that finds nothing is retried once with the closest known
 * spelling ("did you mean"); a query with few results only offers the correction as a link.
 */
export async function listCourses(
  supabase: SupabaseClient<Database>,
  input: CourseSearchInput,
  currency: DisplayCurrency,
  rates: RateTable,
): Promise<CourseResults> {
  let result = await runSearch(supabase, rpcArgs(input, input.q, currency, rates));
  let correctedFrom: string | null = null;
  let suggestion: string | null = null;
  if (input.q && result.total < 3 && input.page === 1) {
    const better = await correction(supabase, input.q);
    if (better && result.total === 0) {
      const retried = await runSearch(supabase, rpcArgs(input, better, currency, rates));
      if (retried.total > 0) {
        result = retried;
        correctedFrom = input.q;
      }
    }
    suggestion = better;
  }
  const total = result.total;
  return {
    items: result.items,
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(Math.min(total, 1000) / PAGE_SIZE)),
    correctedFrom,
    suggestion,
  };
}
