import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { catalogueCacheOf, readCatalogueVersion } from './page-cache/catalogue-cache-middleware.ts';
import type { Facets, RateTable } from './types.ts';

/** Each kind of reference data at the catalogue version it was asked for, loaded or on its way. */
const held = new Map<string, { version: string; value: Promise<unknown> }>();

/**
 * Reference data every catalogue page needs, loaded once per catalogue version: the version is the
 * one this server's page cache checks, so a page is never stored with data older than it. Requests
 * that arrive while it loads wait for that one load: a burst of new searches after a change asked
 * the database once per request and ran into its statement timeout. A failed load is not kept.
 */
function perCatalogueVersion<T>(locals: App.Locals, name: string, load: () => Promise<T>): Promise<T> {
  return catalogueCacheOf(locals)
    .version(readCatalogueVersion)
    .then((version) => {
      if (version === null) return load();
      const kept = held.get(name);
      if (kept?.version === version) return kept.value as Promise<T>;
      const value = load();
      held.set(name, { version, value });
      value.catch(() => {
        if (held.get(name)?.value === value) held.delete(name);
      });
      return value;
    });
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
