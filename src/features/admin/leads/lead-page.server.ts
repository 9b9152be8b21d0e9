import type { AstroGlobal } from 'astro';
import { wantsJsonResponse } from '../../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost, type AdminPost } from '../admin-action.server.ts';
import { staffContext } from '../admin-context.server.ts';
import { leadHandlers } from './lead-update.server.ts';
import { getLead, type Lead } from './leads.server.ts';
import { loadStaffDirectory, type StaffMember } from '../staff-directory.server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LeadPageModel {
  lead: Lead;
  staff: StaffMember[];
  /**
   * What the form shows: the lead's values, or what was just submitted when it was refused. The
   * version is always the lead's current one, so submitting again after a refusal goes through.
   */
  values: { status: string; assignee: string; notes: string; version: number };
  message: string | undefined;
  /** Set when a colleague's change refused the submission: the form then shows the lead as saved. */
  stale: boolean;
  fieldErrors: Record<string, string>;
}

function formValues(lead: Lead, post: AdminPost | null): LeadPageModel['values'] {
  const echoed = post ? echoValues(post.fields) : {};
  return {
    status: echoed['status'] ?? lead.status,
    assignee: echoed['assignee'] ?? lead.assignee ?? '',
    notes: echoed['notes'] ?? lead.notes ?? '',
    version: lead.version,
  };
}

/** /admin/leads/{id}: everything the visitor sent, and the form staff work the lead with. */
export async function loadLeadPage(astro: AstroGlobal): Promise<LeadPageModel | Response> {
  const context = staffContext(astro);
  if (context instanceof Response) return context;
  const id = astro.params['id'] ?? '';
  if (!UUID.test(id)) return new Response(null, { status: 404 });
  let post: AdminPost | null = null;
  if (astro.request.method === 'POST') {
    post = await handleAdminPost(astro, leadHandlers(context, id));
    const asJson = wantsJsonResponse(astro.request);
    if (post.outcome.ok || asJson) return redirectAfter(astro, post.outcome, `/admin/leads/${id}`, asJson);
    astro.response.status = post.outcome.status;
  }
  const [lead, staff] = await Promise.all([
    getLead(context.supabase, id),
    loadStaffDirectory(context.supabase),
  ]);
  if (!lead) return new Response(null, { status: 404 });
  return {
    lead,
    staff,
    values: formValues(lead, post),
    message: post?.outcome.message,
    stale: post?.outcome.status === 409,
    fieldErrors: post?.outcome.fieldErrors ?? {},
  };
}
