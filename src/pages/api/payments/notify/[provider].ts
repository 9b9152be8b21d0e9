import type { APIRoute } from 'astro';
import { acceptNotice } from '../../../../features/payments/notice.server.ts';

export const prerender = false;

/** A payment provider's signed notification (see src/features/payments/providers). */
export const POST: APIRoute = async ({ params, request }) => {
  const body = await request.text();
  const result = await acceptNotice(params['provider'] ?? '', body, request.headers);
  return new Response(JSON.stringify({ message: result.message }), {
    status: result.status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
