import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { listCourses } from './course-search.server.ts';
import { catalogueBasics, queryWithoutPage, type CatalogueContext } from './page-context.server.ts';
import { loadFacets } from './rates.server.ts';
import { parseCourseSearch } from './schema.ts';
import type { CourseFacets, Facets } from './types.ts';

/**
 * The universities the filter offers: the busiest ones, and the chosen one even when it is not among them, so
 * the form shows the filter in force and a second search keeps it.
 */
async function universityChoices(
  supabase: SupabaseClient<Database>,
  offered: Facets['universities'],
  chosen: readonly string[],
): Promise<Facets['universities']> {
  const missing = chosen.filter((id) => !offered.some((university) => university.id === id));
  if (missing.length === 0) return offered;
  const { data, error } = await supabase
    .from('universities')
    .select('id, name, course_count')
    .in('id', missing)
    .eq('published', true);
  if (error) throw new Error(`universities: ${error.message}`);
  const added = data.map(({ id, name, course_count }) => ({ id, name, count: course_count }));
  return [...offered, ...added].sort((a, b) => a.name.localeCompare(b.name));
}

/** The results /courses lists for its URL, without the filters' choices (search as you type). */
export async function loadCourseResults(context: CatalogueContext, headers: Headers) {
  const input = parseCourseSearch(context.url.searchParams);
  const { supabase, display, rates } = await catalogueBasics(context, headers, input.currency);
  return listCourses(supabase, input, display, rates);
}

/** Everything /courses renders, from the URL alone. */
export async function loadCourseSearchPage(context: CatalogueContext, headers: Headers) {
  const input = parseCourseSearch(context.url.searchParams);
  const { supabase, display, rates } = await catalogueBasics(context, headers, input.currency);
  const [{ fields, countries, universities, languages }, results] = await Promise.all([
    loadFacets(supabase, context.locals),
    listCourses(supabase, input, display, rates),
  ]);
  const facets: CourseFacets = {
    fields,
    countries,
    universities: await universityChoices(supabase, universities, input.university),
    languages,
  };
  return { input, query: queryWithoutPage(context.url), results, facets, display, rates };
}
