import type { APIRoute } from 'astro';
import { applicationIdOf, callerOf } from '../../../../features/applications/api-request.server.ts';
import { json } from '../../../../lib/json-api.server.ts';
import { runLifecycle } from '../../../../features/applications/lifecycle.server.ts';

export const prerender = false;

/**
 * Submits the caller's draft with every other draft choice of its application; refusals carry the
 * database's reasons (naming the choice) and what is missing.
 */
export const POST: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const id = applicationIdOf(context);
  if (!id) return json({ ok: false, status: 404, message: 'Application not found.' }, 404);
  const result = await runLifecycle(caller.supabase.rpc('submit_choices', { application_id: id }));
  if (!result.ok) return json(result, result.status);
  return json({ ...result, redirect: `/applications/${id}/receipt` });
};
