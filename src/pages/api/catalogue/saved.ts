import type { APIRoute } from 'astro';
import { applyCatalogueCaching } from '../../../features/catalogue/cache-headers.server.ts';
import { listSavedCourses, parseIds } from '../../../features/catalogue/saved-courses.server.ts';

export const prerender = false;

/** Titles, universities and deadlines of saved courses (?ids=a,b,c), for the shortlist panel. */
export const GET: APIRoute = async ({ url, locals }) => {
  if (!locals.supabase) return new Response(null, { status: 503 });
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  applyCatalogueCaching(headers, locals.user !== null);
  const courses = await listSavedCourses(locals.supabase, parseIds(url.searchParams));
  return new Response(JSON.stringify({ courses }), { headers });
};
