import type { APIRoute } from 'astro';
import { loadCourseResults } from '../../../features/catalogue/course-search-page.server.ts';

export const prerender = false;

/** The /courses results as JSON for the search island; the same query string as the page. */
export const GET: APIRoute = async (context) => {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  return new Response(JSON.stringify(await loadCourseResults(context, headers)), { headers });
};
