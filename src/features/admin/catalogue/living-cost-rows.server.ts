import type { SupabaseClient } from '@supabase/supabase-js';
import { countryName } from '../../../lib/countries.ts';
import { LIVING_COST_COLUMNS } from '../../../lib/living-cost-row.ts';
import type { RowOf } from '../../../lib/supabase/columns.ts';
import { UUID } from './catalogue-post.server.ts';
import type { FormValues } from './row-values.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const LIVING_COST_ADMIN_COLUMNS = `id, ${LIVING_COST_COLUMNS}, version` as const;

export type LivingCostAdminRow = RowOf<'living_costs', typeof LIVING_COST_ADMIN_COLUMNS>;

/** "Leeds, United Kingdom": how the pages name a row. */
export const placeName = (row: Pick<LivingCostAdminRow, 'city' | 'country_code'>) =>
  `${row.city}, ${countryName(row.country_code)}`;

/** A stored living cost as the strings its form shows. */
export function livingCostValues(row: LivingCostAdminRow): FormValues {
  return {
    city: row.city,
    country_code: row.country_code,
    monthly_amount: String(Number(row.monthly_amount)),
    currency: row.currency,
    as_of: row.as_of,
    source_note: row.source_note,
    version: String(row.version),
  };
}

/** One living cost for its edit page, or null when the id names none. */
export async function loadLivingCostRow(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<LivingCostAdminRow | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await supabase
    .from('living_costs')
    .select(LIVING_COST_ADMIN_COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`living cost: ${error.message}`);
  return data;
}

/** Every city's living cost, by country name and then city, as the list shows them. */
export async function listLivingCostRows(supabase: SupabaseClient<Database>): Promise<LivingCostAdminRow[]> {
  const { data, error } = await supabase.from('living_costs').select(LIVING_COST_ADMIN_COLUMNS).limit(2000);
  if (error) throw new Error(`living costs: ${error.message}`);
  const byPlace = (a: LivingCostAdminRow, b: LivingCostAdminRow) =>
    countryName(a.country_code).localeCompare(countryName(b.country_code), 'en') ||
    a.city.localeCompare(b.city, 'en');
  return data.sort(byPlace);
}
