import type { APIRoute } from 'astro';
import { loadCourseSearchPage } from '../../../features/catalogue/course-search-page.server.ts';

export const prerender = false;

/** The /courses results as JSON for the search island; the same query string as the page. */
export const GET: APIRoute = async (context) => {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  const page = await loadCourseSearchPage(context, headers);
  return new Response(JSON.stringify(page.results), { headers });
};
