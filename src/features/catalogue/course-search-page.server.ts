import { listCourses } from './course-search.server.ts';
import { catalogueBasics, queryWithoutPage, type CatalogueContext } from './page-context.server.ts';
import { loadFacets } from './rates.server.ts';
import { parseCourseSearch } from './schema.ts';

/** Everything /courses renders, from the URL alone. */
export async function loadCourseSearchPage(context: CatalogueContext, headers: Headers) {
  const input = parseCourseSearch(context.url.searchParams);
  const { supabase, display, rates } = await catalogueBasics(context, headers, input.currency);
  const [facets, results] = await Promise.all([
    loadFacets(supabase),
    listCourses(supabase, input, display, rates),
  ]);
  return { input, query: queryWithoutPage(context.url), results, facets, display, rates };
}
