import type { APIRoute } from 'astro';
import { z } from 'zod';
import { callerOf } from '../../../features/applications/api-request.server.ts';
import { json, readJson } from '../../../lib/json-api.server.ts';
import { draftSaveSchema } from '../../../features/applications/draft.ts';
import { saveDraft } from '../../../features/applications/save-draft.server.ts';

export const prerender = false;

const bodySchema = draftSaveSchema.extend({ id: z.uuid().nullable() });

/** Autosave: creates or updates the caller's draft and says when it was stored. */
export const POST: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const parsed = bodySchema.safeParse(await readJson(context.request));
  if (!parsed.success) return json({ ok: false, status: 400, message: 'The draft could not be read.' }, 400);
  const { id, course_id, intake_id, ...rest } = parsed.data;
  if (!course_id || !intake_id) {
    return json({ ok: false, status: 422, message: 'Choose a course and an intake first.' }, 422);
  }
  const result = await saveDraft(caller.supabase, id, { ...rest, course_id, intake_id });
  return json(result.ok ? result : { ...result }, result.ok ? 200 : result.status);
};
