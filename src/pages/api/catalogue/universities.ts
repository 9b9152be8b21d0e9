import type { APIRoute } from 'astro';
import { loadUniversitySearchPage } from '../../../features/catalogue/university-search-page.server.ts';

export const prerender = false;

/** The /universities results as JSON for the list island; the same query string as the page. */
export const GET: APIRoute = async (context) => {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  const page = await loadUniversitySearchPage(context, headers);
  return new Response(JSON.stringify(page.results), { headers });
};
