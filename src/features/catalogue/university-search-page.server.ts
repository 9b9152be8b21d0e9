import { catalogueBasics, queryWithoutPage, type CatalogueContext } from './page-context.server.ts';
import { loadFacets } from './rates.server.ts';
import { parseUniversitySearch } from './schema.ts';
import type { UniversityFacets } from './types.ts';
import { listUniversities } from './university-search.server.ts';

/** The results /universities lists for its URL, without the filters' choices (search as you type). */
export async function loadUniversityResults(context: CatalogueContext, headers: Headers) {
  const input = parseUniversitySearch(context.url.searchParams);
  const { supabase, display, rates } = await catalogueBasics(context, headers, input.currency);
  return listUniversities(supabase, input, display, rates);
}

/** Everything /universities renders, from the URL alone. */
export async function loadUniversitySearchPage(context: CatalogueContext, headers: Headers) {
  const input = parseUniversitySearch(context.url.searchParams);
  const { supabase, display, rates } = await catalogueBasics(context, headers, input.currency);
  const [{ countries, cities }, results] = await Promise.all([
    loadFacets(supabase, context.locals),
    listUniversities(supabase, input, display, rates),
  ]);
  const facets: UniversityFacets = { countries, cities };
  return { input, query: queryWithoutPage(context.url), results, facets, display, rates };
}
