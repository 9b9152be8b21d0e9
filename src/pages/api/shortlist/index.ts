import type { APIRoute } from 'astro';
import { listShortlist, setShortlisted } from '../../../features/shortlist/shortlist.server.ts';
import {
  shortlistChangeSchema,
  SIGN_IN_REQUIRED,
} from '../../../features/shortlist/shortlist-request.server.ts';
import { json, readJson } from '../../../lib/json-api.server.ts';

export const prerender = false;

/** The signed-in applicant's saved course ids. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user || !locals.supabase) return json(SIGN_IN_REQUIRED, 401);
  return json({ ids: await listShortlist(locals.supabase, locals.user.id) });
};

/** Saves (`saved: true`) or removes one course from the signed-in applicant's account list. */
export const POST: APIRoute = async ({ locals, request }) => {
  if (!locals.user || !locals.supabase) return json(SIGN_IN_REQUIRED, 401);
  const parsed = shortlistChangeSchema.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: 'Send a course_id and saved: true or false.' }, 400);
  try {
    await setShortlisted(locals.supabase, locals.user.id, parsed.data.course_id, parsed.data.saved);
  } catch {
    return json({ error: 'That course cannot be saved.' }, 422);
  }
  return json({ ok: true });
};
