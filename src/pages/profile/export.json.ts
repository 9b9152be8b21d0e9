import type { APIRoute } from 'astro';
import { exportMyData } from '../../features/profile/account.server.ts';

export const prerender = false;

/** "Export my data": a JSON download of everything stored about the signed-in user. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user || !locals.supabase) return new Response(null, { status: 404 });
  const data = await exportMyData(locals.supabase, locals.user);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="unipath-data-${day}.json"`,
      'cache-control': 'no-store',
    },
  });
};
