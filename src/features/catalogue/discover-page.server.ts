import { hasAnswers, parseDiscover } from './discover-schema.ts';
import { findMatches } from './discover.server.ts';
import { catalogueBasics, type CatalogueContext } from './page-context.server.ts';
import { loadFacets } from './rates.server.ts';

/** The discovery form's answers from the URL and, once there are some, the ranked matches. */
export async function loadDiscoverPage(context: CatalogueContext, headers: Headers) {
  const parsed = parseDiscover(context.url.searchParams);
  const basics = await catalogueBasics(context, headers, parsed.currency);
  const answers = { ...parsed, currency: parsed.currency ?? basics.display };
  const facets = await loadFacets(basics.supabase, context.locals);
  const found = hasAnswers(answers) ? await findMatches(basics.supabase, answers, basics.rates) : null;
  return { answers, facets, found, display: basics.display };
}
