import { getCoursesById } from './course-detail.server.ts';
import { catalogueBasics, type CatalogueContext } from './page-context.server.ts';
import { COMPARE_PICKS_COOKIE, decodePicks } from '../shortlist/pick.ts';
import { applyComparePicks } from './compare-store.ts';
import { parseCompare } from './schema.ts';

/**
 * Where a visitor who opens the compare page without `ids` is sent: the same page naming the
 * courses their Compare taps left in the picks cookie (a tap without JavaScript is recorded only
 * there). Undefined when the address names courses or nothing was picked.
 */
export function comparePicksAddress(context: CatalogueContext): string | undefined {
  if (context.url.searchParams.has('ids')) return undefined;
  const picks = decodePicks(context.cookies.get(COMPARE_PICKS_COOKIE)?.value);
  const ids = applyComparePicks([], picks).map((entry) => entry.id);
  if (ids.length === 0) return undefined;
  const params = new URLSearchParams(context.url.search);
  params.set('ids', ids.join(','));
  return `${context.url.pathname}?${params.toString()}`;
}

/** The courses named in ?ids= (at most four, unknown ones dropped) with the visitor's currency. */
export async function loadComparePage(context: CatalogueContext, headers: Headers) {
  const input = parseCompare(context.url.searchParams);
  const basics = await catalogueBasics(context, headers, input.currency);
  const courses = await getCoursesById(basics.supabase, input.ids);
  return { courses, ...basics, askedFor: input.ids.length };
}
