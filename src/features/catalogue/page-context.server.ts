import type { AstroCookies } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DisplayCurrency } from '../../lib/display-currency.ts';
import { applyCatalogueCaching } from './cache-headers.server.ts';
import { loadRates } from './rates.server.ts';
import { displayCurrencyOf } from './request-currency.server.ts';
import type { RateTable } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** The part of Astro's context the catalogue loaders use (pages and endpoints alike). */
export interface CatalogueContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

export interface CatalogueBasics {
  supabase: SupabaseClient<Database>;
  display: DisplayCurrency;
  rates: RateTable;
}

/** The request's client, display currency and rates; also marks the response cacheable for visitors. */
export async function catalogueBasics(
  context: CatalogueContext,
  responseHeaders: Headers,
  urlCurrency?: string,
): Promise<CatalogueBasics> {
  const supabase = context.locals.supabase;
  if (!supabase) throw new Error('catalogue pages are rendered on demand');
  applyCatalogueCaching(responseHeaders, context.locals.user !== null);
  const display = displayCurrencyOf(context, urlCurrency);
  return { supabase, display, rates: await loadRates(supabase, context.locals) };
}

/** The query string without the page number, for pagination links and the island's state. */
export function queryWithoutPage(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('page');
  return params.toString();
}
