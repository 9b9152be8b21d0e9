import type { APIRoute } from 'astro';

export const prerender = false;

/** This browser session's CSRF token, for islands on prebuilt pages (the middleware sets the cookie). */
export const GET: APIRoute = ({ locals }) =>
  new Response(JSON.stringify({ token: locals.csrfToken }), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
