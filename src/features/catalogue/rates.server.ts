import type { SupabaseClient } from '@supabase/supabase-js';
import type { Facets, RateTable } from './types.ts';

const TTL_MS = 30_000;
let rates: { at: number; value: RateTable } | undefined;
let facets: { at: number; value: Facets } | undefined;

/** Newest rate per currency. Kept for a few seconds: every catalogue page needs them. */
export async function loadRates(supabase: SupabaseClient): Promise<RateTable> {
  if (rates && Date.now() - rates.at < TTL_MS) return rates.value;
  const { data, error } = await supabase.from('latest_currency_rates').select('currency, rate_to_usd, as_of');
  if (error) throw new Error(`rates: ${error.message}`);
  const value: RateTable = {};
  for (const row of (data ?? []) as { currency: string; rate_to_usd: number | string; as_of: string }[]) {
    value[row.currency] = { rateToUsd: Number(row.rate_to_usd), asOf: row.as_of };
  }
  rates = { at: Date.now(), value };
  return value;
}

/** Filter options with counts; the same for every visitor, so shared for a few seconds. */
export async function loadFacets(supabase: SupabaseClient): Promise<Facets> {
  if (facets && Date.now() - facets.at < TTL_MS) return facets.value;
  const { data, error } = await supabase.rpc('catalogue_facets');
  if (error) throw new Error(`facets: ${error.message}`);
  const value = data as Facets;
  facets = { at: Date.now(), value };
  return value;
}

/** Drops the shared reference data, e.g. after a catalogue change. */
export function forgetReferenceData(): void {
  rates = undefined;
  facets = undefined;
}
