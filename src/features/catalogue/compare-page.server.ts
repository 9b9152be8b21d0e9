import { getCoursesById } from './course-detail.server.ts';
import { catalogueBasics, type CatalogueContext } from './page-context.server.ts';
import { parseCompare } from './schema.ts';

/** The courses named in ?ids= (at most four, unknown ones dropped) with the visitor's currency. */
export async function loadComparePage(context: CatalogueContext, headers: Headers) {
  const input = parseCompare(context.url.searchParams);
  const basics = await catalogueBasics(context, headers, input.currency);
  const courses = await getCoursesById(basics.supabase, input.ids);
  return { courses, ...basics, askedFor: input.ids.length };
}
