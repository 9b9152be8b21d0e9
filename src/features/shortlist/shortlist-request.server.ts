import { z } from 'zod';

export const shortlistChangeSchema = z.object({
  course_id: z.uuid(),
  saved: z.boolean(),
});

export const shortlistMergeSchema = z.object({ ids: z.array(z.unknown()).max(500) });

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The request body as JSON, or undefined when it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

export const SIGN_IN_REQUIRED = { error: 'Sign in to keep your shortlist in your account.' };
