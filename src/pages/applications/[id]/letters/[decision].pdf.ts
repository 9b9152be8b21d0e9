import type { APIRoute } from 'astro';
import { decisionLetterResponse } from '../../../../features/applications/decision-letters.server.ts';

export const prerender = false;

/** A decision letter of the applicant's own application (or, for staff, any) as a PDF; 404 otherwise. */
export const GET: APIRoute = async ({ params, locals, url, redirect }) => {
  const { user, supabase } = locals;
  if (!user || !supabase) return redirect(`/auth?next=${encodeURIComponent(url.pathname)}`, 303);
  return decisionLetterResponse(supabase, user.id, params['id'] ?? '', params['decision'] ?? '');
};
