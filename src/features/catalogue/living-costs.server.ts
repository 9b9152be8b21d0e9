import type { SupabaseClient } from '@supabase/supabase-js';
import { LIVING_COST_COLUMNS } from '../../lib/living-cost-row.ts';
import { placeKey, toLivingCost, type LivingCost } from './living-costs.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** The living costs of the given cities, keyed by placeKey; cities without a figure are absent. */
export async function findLivingCosts(
  supabase: SupabaseClient<Database>,
  places: readonly { countryCode: string; city: string }[],
): Promise<Map<string, LivingCost>> {
  const found = new Map<string, LivingCost>();
  const cities = [...new Set(places.map((place) => place.city.trim()).filter(Boolean))];
  if (cities.length === 0) return found;
  const { data, error } = await supabase.from('living_costs').select(LIVING_COST_COLUMNS).in('city', cities);
  if (error) throw new Error(`living costs: ${error.message}`);
  for (const row of data ?? []) {
    const cost = toLivingCost(row);
    found.set(placeKey(cost.countryCode, cost.city), cost);
  }
  return found;
}
