import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import type { Facets, RateTable } from './types.ts';

const TTL_MS = 30_000;
let rates: { at: number; value: RateTable } | undefined;
let facets: { at: number; value: Facets } | undefined;

/** Newest rate per currency. Kept for a few seconds: every catalogue page needs them. */
export async function loadRates(supabase: SupabaseClient<Database>): Promise<RateTable> {
  if (rates && Date.now() - rates.at < TTL_MS) return rates.value;
  const { data, error } = await supabase.from('latest_currency_rates').select('currency, rate_to_usd, as_of');
  if (error) throw new Error(`rates: ${error.message}`);
  const value: RateTable = {};
  for (const { currency, rate_to_usd, as_of } of data ?? []) {
    // The view's columns are nullable to the type generator; every rate it shows has all three.
    if (currency === null || rate_to_usd === null || as_of === null) continue;
    value[currency] = { rateToUsd: Number(rate_to_usd), asOf: as_of };
  }
  rates = { at: Date.now(), value };
  return value;
}

/** Filter options with counts; the same for every visitor, so shared for a few seconds. */
export async function loadFacets(supabase: SupabaseClient<Database>): Promise<Facets> {
  if (facets && Date.now() - facets.at < TTL_MS) return facets.value;
  const { data, error } = await supabase.rpc('catalogue_facets');
  if (error) throw new Error(`facets: ${error.message}`);
  // catalogue_facets() returns jsonb, which the generated types know only as Json.
  const value = data as unknown as Facets;
  facets = { at: Date.now(), value };
  return value;
}

/** Drops the shared reference data, e.g. after a catalogue change. */
export function forgetReferenceData(): void {
  rates = undefined;
  facets = undefined;
}
