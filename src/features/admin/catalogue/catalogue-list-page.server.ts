import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { catalogueFormPost, type FormState } from './catalogue-post.server.ts';
import { formState } from './form-state.ts';
import { universityListHandlers } from './university-handlers.server.ts';
import {
  listCountries,
  listCurrencies,
  listUniversities,
  parseListFilters,
  type UniversityList,
  type UniversityListFilters,
} from './university-list.server.ts';

export interface CatalogueListPage {
  filters: UniversityListFilters;
  list: UniversityList;
  countries: { code: string; name: string }[];
  currencies: string[];
  newUniversity: FormState;
}

/** The universities list and its "new university" form (handled here when posted). */
export async function loadCatalogueListPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<CatalogueListPage | Response> {
  const back = `${astro.url.pathname}${astro.url.search}`;
  const posted = await catalogueFormPost(astro, universityListHandlers(ctx.supabase), back);
  if (posted instanceof Response) return posted;
  const filters = parseListFilters(astro.url.searchParams);
  const [list, countries, currencies] = await Promise.all([
    listUniversities(ctx.supabase, filters),
    listCountries(ctx.supabase),
    listCurrencies(ctx.supabase),
  ]);
  return {
    filters,
    list,
    countries,
    currencies,
    newUniversity: formState(posted, 'create_university', { type: 'public' }),
  };
}
