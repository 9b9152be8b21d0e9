import type { SupabaseClient } from '@supabase/supabase-js';
import { isIsoCountryCode } from '../../../lib/countries.ts';
import type { RowOf } from '../../../lib/supabase/columns.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export const PAGE_SIZE = 25;

export interface UniversityListFilters {
  q: string;
  country: string;
  published: '' | 'yes' | 'no';
  page: number;
}

const LIST_COLUMNS =
  'id, name, slug, city, country_code, country_name, course_count, published, last_verified_at' as const;

export type UniversityListRow = RowOf<'universities', typeof LIST_COLUMNS>;

export interface UniversityList {
  rows: UniversityListRow[];
  total: number;
  pages: number;
}

/** The list's filters from the address; anything unreadable falls back to its default. */
export function parseListFilters(params: URLSearchParams): UniversityListFilters {
  const country = (params.get('country') ?? '').trim().toUpperCase();
  const published = params.get('published') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    country: isIsoCountryCode(country) ? country : '',
    published: published === 'yes' || published === 'no' ? published : '',
    page: Number.isInteger(page) && page >= 1 && page <= 10000 ? page : 1,
  };
}

/** The list's address for other filters or another page; defaults are left out. */
export function listHref(
  filters: UniversityListFilters,
  changes: Partial<UniversityListFilters> = {},
): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.country) params.set('country', next.country);
  if (next.published) params.set('published', next.published);
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `/admin/catalogue?${query}` : '/admin/catalogue';
}

export async function listUniversities(
  supabase: SupabaseClient<Database>,
  filters: UniversityListFilters,
): Promise<UniversityList> {
  const columns = LIST_COLUMNS;
  // A name search runs in the database, which matches accents and case (staff_search_universities).
  const source = filters.q
    ? supabase.rpc('staff_search_universities', { search: filters.q }, { count: 'exact' }).select(columns)
    : supabase.from('universities').select(columns, { count: 'exact' });
  let query = source.order('name').order('id');
  if (filters.country) query = query.eq('country_code', filters.country);
  if (filters.published) query = query.eq('published', filters.published === 'yes');
  const from = (filters.page - 1) * PAGE_SIZE;
  const { data, count, error } = await query.range(from, from + PAGE_SIZE - 1);
  // Past the last page PostgREST answers 416 (PGRST103): an empty page, not a failure.
  if (error?.code === 'PGRST103') return { rows: [], total: 0, pages: 0 };
  if (error) throw new Error(`universities: ${error.message}`);
  const total = count ?? 0;
  return { rows: data ?? [], total, pages: Math.ceil(total / PAGE_SIZE) };
}

/** Countries that have at least one university, published or not, for the filter. */
export async function listCountries(
  supabase: SupabaseClient<Database>,
): Promise<{ code: string; name: string }[]> {
  const { data, error } = await supabase.from('universities').select('country_code, country_name');
  if (error) throw new Error(`countries: ${error.message}`);
  const names = new Map<string, string>();
  for (const row of data ?? []) {
    if (!names.has(row.country_code) || row.country_name) {
      names.set(row.country_code, row.country_name ?? row.country_code);
    }
  }
  return [...names].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Currencies the catalogue has exchange rates for, so prices can be compared. */
export async function listCurrencies(supabase: SupabaseClient<Database>): Promise<string[]> {
  const { data, error } = await supabase.from('currency_rates').select('currency');
  if (error) throw new Error(`currencies: ${error.message}`);
  return [...new Set((data ?? []).map((row) => row.currency))].sort();
}
