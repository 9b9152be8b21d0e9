import type { APIRoute } from 'astro';
import { z } from 'zod';
import { applicationIdOf, callerOf } from '../../../../features/applications/api-request.server.ts';
import { json, readJson } from '../../../../lib/json-api.server.ts';
import { runLifecycle } from '../../../../features/applications/lifecycle.server.ts';

export const prerender = false;

const bodySchema = z.object({ accept: z.boolean() });

/** Accepts or declines an offer; the database refuses it after the reply-by date. */
export const POST: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const id = applicationIdOf(context);
  const parsed = bodySchema.safeParse(await readJson(context.request));
  if (!id || !parsed.success)
    return json({ ok: false, status: 400, message: 'Say whether you accept.' }, 400);
  const result = await runLifecycle(
    caller.supabase.rpc('respond_to_offer', { application_id: id, accept: parsed.data.accept }),
  );
  return json(result, result.ok ? 200 : result.status);
};
