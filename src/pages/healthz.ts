import type { APIRoute } from 'astro';
import { backendHealth } from '../lib/supabase/backend-health.server.ts';

export const prerender = false;

/** For load balancers: 200 while this app server and its backend answer, 503 otherwise. */
export const GET: APIRoute = async () => {
  const health = await backendHealth();
  return new Response(JSON.stringify(health), {
    status: health.ok ? 200 : 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
};
