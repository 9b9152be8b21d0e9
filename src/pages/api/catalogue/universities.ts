import type { APIRoute } from 'astro';
import { loadUniversityResults } from '../../../features/catalogue/university-search-page.server.ts';

export const prerender = false;

/** The /universities results as JSON for the list island; the same query string as the page. */
export const GET: APIRoute = async (context) => {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  return new Response(JSON.stringify(await loadUniversityResults(context, headers)), { headers });
};
