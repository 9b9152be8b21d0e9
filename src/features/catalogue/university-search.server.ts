import type { SupabaseClient } from '@supabase/supabase-js';
import { convertMoney } from '../../lib/convert-money.ts';
import type { DisplayCurrency } from '../../lib/display-currency.ts';
import { PAGE_SIZE, type UniversitySearchInput } from './schema.ts';
import type { RateTable, UniversityCard, UniversityResults } from './types.ts';
import { withoutNulls } from '../../lib/supabase/rpc-args.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/**
 * A row of search_universities() as it arrives. Kept by hand: generated `returns table` columns are never
 * null (as with `supabase gen types`), and this row's may be; the generated row is assignable to it.
 */
interface UniversityRow {
  id: string;
  slug: string;
  name: string;
  country_code: string;
  country_name: string | null;
  city: string;
  type: string;
  ranking_world: number | null;
  is_partner: boolean;
  currency: string;
  tuition_min: number | string | null;
  tuition_max: number | string | null;
  course_count: number;
  total_count: number | string;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toUniversityCard(row: UniversityRow): UniversityCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    countryCode: row.country_code,
    countryName: row.country_name ?? row.country_code,
    city: row.city,
    type: row.type,
    rankingWorld: row.ranking_world,
    isPartner: row.is_partner,
    currency: row.currency,
    tuitionMin: numberOrNull(row.tuition_min),
    tuitionMax: numberOrNull(row.tuition_max),
    courseCount: row.course_count,
  };
}

/** One page of the university list; the tuition range is typed in the visitor's currency. */
export async function listUniversities(
  supabase: SupabaseClient<Database>,
  input: UniversitySearchInput,
  currency: DisplayCurrency,
  rates: RateTable,
): Promise<UniversityResults> {
  const toUsd = (amount: number | undefined) =>
    amount === undefined ? null : convertMoney(amount, currency, 'USD', rates);
  const { data, error } = await supabase.rpc(
    'search_universities',
    withoutNulls({
      q: input.q || null,
      countries: input.country.length ? input.country : null,
      cities: input.city.length ? input.city : null,
      types: input.type.length ? input.type : null,
      max_ranking: input.ranking ?? null,
      min_tuition_usd: toUsd(input.tuition_min),
      max_tuition_usd: toUsd(input.tuition_max),
      sort: input.sort,
      page_size: PAGE_SIZE,
      page_offset: (input.page - 1) * PAGE_SIZE,
    }),
  );
  if (error) throw new Error(`search_universities: ${error.message}`);
  const rows: UniversityRow[] = data ?? [];
  const total = Number(rows[0]?.total_count ?? 0);
  return {
    items: rows.map(toUniversityCard),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
