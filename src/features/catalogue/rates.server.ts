import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { catalogueCacheOf, readCatalogueVersion } from './page-cache/catalogue-cache-middleware.ts';
import type { Facets, RateTable } from './types.ts';

const held = new Map<string, { version: string; value: unknown }>();

/**
 * Reference data every catalogue page needs, loaded once per catalogue version: the version is the
 * one this server's page cache checks, so a page is never stored with data older than it.
 */
async function perCatalogueVersion<T>(locals: App.Locals, name: string, load: () => Promise<T>): Promise<T> {
  const version = await catalogueCacheOf(locals).version(readCatalogueVersion);
  const kept = held.get(name);
  if (version !== null && kept?.version === version) return kept.value as T;
  const value = await load();
  if (version !== null) held.set(name, { version, value });
  return value;
}

/** Newest rate per currency. */
export function loadRates(supabase: SupabaseClient<Database>, locals: App.Locals): Promise<RateTable> {
  return perCatalogueVersion(locals, 'rates', async () => {
    const { data, error } = await supabase
      .from('latest_currency_rates')
      .select('currency, rate_to_usd, as_of');
    if (error) throw new Error(`rates: ${error.message}`);
    const value: RateTable = {};
    for (const { currency, rate_to_usd, as_of } of data ?? []) {
      // The view's columns are nullable to the type generator; every rate it shows has all three.
      if (currency === null || rate_to_usd === null || as_of === null) continue;
      value[currency] = { rateToUsd: Number(rate_to_usd), asOf: as_of };
    }
    return value;
  });
}

/** Filter options with counts, the same for every visitor. */
export function loadFacets(supabase: SupabaseClient<Database>, locals: App.Locals): Promise<Facets> {
  return perCatalogueVersion(locals, 'facets', async () => {
    const { data, error } = await supabase.rpc('catalogue_facets');
    if (error) throw new Error(`facets: ${error.message}`);
    // catalogue_facets() returns jsonb, which the generated types know only as Json.
    return data as unknown as Facets;
  });
}
