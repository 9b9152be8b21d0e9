import type { APIRoute } from 'astro';
import { z } from 'zod';
import { applicationIdOf, callerOf } from '../../../../features/applications/api-request.server.ts';
import { json, readJson } from '../../../../lib/json-api.server.ts';
import { runLifecycle } from '../../../../features/applications/lifecycle.server.ts';
import { withoutNulls } from '../../../../lib/supabase/rpc-args.ts';

export const prerender = false;

const bodySchema = z.object({ reason: z.string().trim().max(500).optional() });

/** Withdraws the caller's application; the database refuses it once the application is closed. */
export const POST: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const id = applicationIdOf(context);
  const parsed = bodySchema.safeParse((await readJson(context.request)) ?? {});
  if (!id || !parsed.success) return json({ ok: false, status: 400, message: 'Nothing to withdraw.' }, 400);
  const result = await runLifecycle(
    caller.supabase.rpc(
      'withdraw_application',
      withoutNulls({ application_id: id, reason: parsed.data.reason || null }),
    ),
  );
  return json(result, result.ok ? 200 : result.status);
};
