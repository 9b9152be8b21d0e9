import type { AstroGlobal } from 'astro';
import type { FieldErrors } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { reasonHandlers } from './reason-actions.server.ts';
import type { ReasonOutcome } from './reason-schemas.ts';
import { listReasons, type ReasonRow } from './reasons.server.ts';

/** A reasons form that was posted and refused, rendered again with what was typed. */
export interface ReasonFormState {
  intent: string;
  /** The reason the form was about; '' for the new-reason form. */
  target: string;
  values: Record<string, string>;
  errors: FieldErrors;
  message: string;
  /** Refused because someone changed the reason after the page was opened. */
  conflict: boolean;
}

export interface ReasonsPageModel {
  reasons: Record<ReasonOutcome, ReasonRow[]> | null;
  failed: ReasonFormState | null;
}

/** /admin/reasons: a post runs its form and comes back (post/redirect/get) unless it was refused. */
export async function loadReasonsPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<ReasonsPageModel | Response> {
  let failed: ReasonFormState | null = null;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, reasonHandlers(ctx.supabase));
    const target = post.fields['reason_id'] ?? '';
    if (post.outcome.ok)
      return redirectAfter(
        astro,
        post.outcome,
        `${astro.url.pathname}#${target ? `reason-${target}` : 'add-reason'}`,
      );
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    astro.response.status = post.outcome.status;
    failed = {
      intent: post.intent,
      target,
      values: post.fields,
      errors: post.outcome.fieldErrors ?? {},
      message: post.outcome.message ?? 'The change could not be saved.',
      conflict: post.outcome.data?.['stale'] === true,
    };
  }
  return { reasons: await listReasons(ctx.supabase), failed };
}

/** The refused state of one form on the page, if it was that form. */
export function reasonFormState(
  failed: ReasonFormState | null,
  intent: string,
  target = '',
): ReasonFormState | null {
  return failed && failed.intent === intent && failed.target === target ? failed : null;
}
