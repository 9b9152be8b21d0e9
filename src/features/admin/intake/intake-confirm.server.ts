import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../admin-action.server.ts';
import { adminContext } from '../admin-context.server.ts';
import { intakeHandlers } from './intake-actions.server.ts';
import { intakeDetailHref, intakeListHref, readIntakeFilters } from './intake-filters.ts';
import type { PageNotice } from './intake-page.server.ts';
import { moveBetween, type IntakeMove } from './intake-status.ts';
import { getIntake, intakeName, type IntakeSummary } from './intakes.server.ts';
import { publishReadiness, type PublishReadiness } from './publish-readiness.server.ts';

export interface ConfirmModel {
  intake: IntakeSummary;
  /** Undefined when the intake has moved on since the button was shown. */
  move: IntakeMove | undefined;
  /** What publishing would release now, for the publish confirmation only. */
  readiness: PublishReadiness | null;
  /** Where the admin came from: the confirmed change lands there, and Cancel goes back there. */
  backHref: string;
  backLabel: string;
  /** Why the change was refused, in the database's words, when it was tried and refused. */
  notice: PageNotice | null;
}

const confirmQuery = z.object({ intake: z.uuid(), to: z.string().max(40) });

function backOf(params: URLSearchParams, intakeId: string): string {
  if (params.get('from') === 'detail') return intakeDetailHref(intakeId);
  return intakeListHref(readIntakeFilters(new URLSearchParams(params.get('back') ?? '')));
}

/**
 * /admin-intake/confirm: the step between "Close" (or "Publish decisions", "Archive") and the change,
 * saying what it will do. A page rather than a script dialog, so it works without JavaScript. The
 * confirmed form posts here: done, it goes back where the admin came from; refused, it stays with
 * the reason.
 */
export async function loadConfirmPage(astro: AstroGlobal): Promise<ConfirmModel | Response> {
  const context = adminContext(astro);
  if (context instanceof Response) return context;
  const params = astro.url.searchParams;
  const query = confirmQuery.safeParse({ intake: params.get('intake'), to: params.get('to') ?? '' });
  if (!query.success) return new Response(null, { status: 404 });
  const backHref = backOf(params, query.data.intake);
  let notice: PageNotice | null = null;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, intakeHandlers(context));
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, backHref);
    astro.response.status = post.outcome.status;
    notice = { title: '', message: post.outcome.message ?? 'Please try again.' };
  }
  const intake = await getIntake(context.supabase, query.data.intake);
  if (!intake) return new Response(null, { status: 404 });
  const move = moveBetween(intake.status, query.data.to);
  if (notice) notice.title = `${move?.label ?? 'The change'}: ${intakeName(intake)} — not done`;
  const publishing = query.data.to === 'decisions_published';
  return {
    intake,
    move,
    readiness: publishing ? await publishReadiness(context.supabase, intake.id) : null,
    backHref,
    backLabel: params.get('from') === 'detail' ? 'Back to the intake' : 'Back to intakes',
    notice,
  };
}
