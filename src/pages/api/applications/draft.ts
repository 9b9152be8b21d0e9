import type { APIRoute } from 'astro';
import { z } from 'zod';
import { callerOf } from '../../../features/applications/api-request.server.ts';
import { loadDraft } from '../../../features/applications/application-data.server.ts';
import { json, readJson } from '../../../lib/json-api.server.ts';
import { draftSaveSchema, draftVersionSchema } from '../../../features/applications/draft.ts';
import { saveDraft } from '../../../features/applications/save-draft.server.ts';

export const prerender = false;

// A stored draft is always saved with the version it was based on; only a first save has neither.
const bodySchema = draftSaveSchema
  .extend({ id: z.uuid().nullable(), version: draftVersionSchema.default(null) })
  .refine((body) => body.id === null || body.version !== null);

/** Autosave: creates or updates the caller's draft and says when it was stored, and its new version. */
export const POST: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const parsed = bodySchema.safeParse(await readJson(context.request));
  if (!parsed.success) return json({ ok: false, status: 400, message: 'The draft could not be read.' }, 400);
  const { id, version, course_id, intake_id, ...rest } = parsed.data;
  if (!course_id || !intake_id) {
    return json({ ok: false, status: 422, message: 'Choose a course and an intake first.' }, 422);
  }
  const result = await saveDraft(caller.supabase, id, version, { ...rest, course_id, intake_id });
  return json(result, result.ok ? 200 : result.status);
};

/** The caller's draft as stored now (`?id=`), for the wizard to load it or to save over it knowingly. */
export const GET: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const id = z.uuid().safeParse(context.url.searchParams.get('id'));
  const draft = id.success ? await loadDraft(caller.supabase, id.data) : null;
  if (!draft) return json({ ok: false, status: 404, message: 'This draft cannot be changed any more.' }, 404);
  return json({ ok: true, draft });
};
