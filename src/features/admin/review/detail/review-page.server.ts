import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { wantsJsonResponse, type FieldErrors } from '../../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../../admin-action.server.ts';
import type { AdminContext } from '../../admin-context.server.ts';
import { pausedStep } from '../../../admissions/decide/decision-handlers.server.ts';
import { loadApplicationDetail, type ApplicationDetail } from './detail-data.server.ts';
import {
  loadApplicationReads,
  type ApplicationReads,
} from '../../../admissions/assessment/application-reads.server.ts';
import type { FormStep } from '../../forms/form-state.ts';
import {
  loadStaffReferences,
  type StaffReferences,
} from '../../../admissions/references/staff-references.server.ts';
import { reviewHandlers } from './review-actions.server.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';

/**
 * A form that was posted and not saved (refused, refused as stale, or paused at the decision's
 * confirmation step), rendered again with the values that were sent.
 */
export interface PostedForm {
  intent: string;
  /** The document, note or decision the form was about, when it was about one. */
  target: string;
  step: FormStep;
  fields: Record<string, string>;
  message: string;
  errors: FieldErrors;
  status: number;
}

export interface ReviewPageModel extends ApplicationDetail {
  assessment: ApplicationReads;
  references: StaffReferences;
  failed: PostedForm | null;
  status: number;
  userId: string;
  isAdmin: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new Response(null, { status: 404 });

/** Where each form's section starts, so the page comes back to the form just used. */
const SECTION_OF: Record<string, string> = {
  'review-document': 'documents',
  transition: 'status',
  decide: 'decisions',
  'approve-decision': 'decisions',
  'release-decision': 'decisions',
  'cancel-decision': 'decisions',
  'condition-mark': 'conditions',
  'condition-deadline': 'conditions',
  assign: 'reviewer',
  'add-note': 'notes',
  'delete-note': 'notes',
  'assign-reads': 'reads',
  'extra-read': 'reads',
  'reassign-read': 'reads',
  'resend-reference': 'references',
  'correct-referee-email': 'references',
};

async function isReviewable(supabase: SupabaseClient<Database>, id: string): Promise<boolean> {
  const { data } = await supabase.from('applications').select('id').eq('id', id).neq('status', 'draft');
  return (data ?? []).length > 0;
}

async function runPost(astro: AstroGlobal, ctx: AdminContext, id: string): Promise<PostedForm | Response> {
  const post = await handleAdminPost(astro, reviewHandlers(ctx.supabase, id));
  if (post.outcome.ok) {
    const back = `${astro.url.pathname}#${SECTION_OF[post.intent] ?? 'main'}`;
    return redirectAfter(astro, post.outcome, back, wantsJsonResponse(astro.request));
  }
  const paused = pausedStep(post.outcome);
  if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
  return {
    intent: post.intent,
    target:
      post.fields['document_id'] ??
      post.fields['note_id'] ??
      post.fields['decision_id'] ??
      post.fields['condition_id'] ??
      post.fields['request_id'] ??
      '',
    step: paused ?? (post.outcome.status === 409 ? 'conflict' : 'refused'),
    fields: post.fields,
    message: paused ? '' : (post.outcome.message ?? 'The change could not be saved.'),
    errors: post.outcome.fieldErrors ?? {},
    status: post.outcome.status,
  };
}

/**
 * /admin/applications/{id}: one submitted application for staff to review. Posts run the named
 * form and come back here (post/redirect/get); a refused form renders again with its message.
 * Anything but the id of a submitted application is a 404.
 */
export async function loadReviewPage(
  astro: AstroGlobal,
  ctx: AdminContext,
  /** False when the page's post was another form's (the message form) and is handled already. */
  handlePost = true,
): Promise<ReviewPageModel | Response> {
  const id = astro.params['id'] ?? '';
  if (!UUID.test(id)) return notFound();
  let failed: PostedForm | null = null;
  let status = 200;
  if (astro.request.method === 'POST' && handlePost) {
    if (!(await isReviewable(ctx.supabase, id))) return notFound();
    const result = await runPost(astro, ctx, id);
    if (result instanceof Response) return result;
    failed = result;
    status = result.status;
  }
  const detail = await loadApplicationDetail(ctx.supabase, id);
  if (!detail) return notFound();
  const viewer = { id: ctx.user.id, isAdmin: ctx.isAdmin };
  const [assessment, references] = await Promise.all([
    loadApplicationReads(ctx.supabase, id, viewer, detail.staff),
    loadStaffReferences(ctx.supabase, id),
  ]);
  return { ...detail, assessment, references, failed, status, userId: ctx.user.id, isAdmin: ctx.isAdmin };
}
