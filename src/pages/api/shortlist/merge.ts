import type { APIRoute } from 'astro';
import { mergeShortlist } from '../../../features/shortlist/shortlist.server.ts';
import {
  shortlistMergeSchema,
  SIGN_IN_REQUIRED,
} from '../../../features/shortlist/shortlist-request.server.ts';
import { json, readJson } from '../../../lib/json-api.server.ts';

export const prerender = false;

/** Joins the browser's saved courses with the account's; answers with the union. */
export const POST: APIRoute = async ({ locals, request }) => {
  if (!locals.user || !locals.supabase) return json(SIGN_IN_REQUIRED, 401);
  const parsed = shortlistMergeSchema.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: 'Send ids: an array of course ids.' }, 400);
  return json({ ids: await mergeShortlist(locals.supabase, locals.user.id, parsed.data.ids) });
};
