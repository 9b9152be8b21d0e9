import type { AstroGlobal } from 'astro';
import { wantsJsonResponse } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost, type AdminPost } from '../admin-action.server.ts';
import { staffContext } from '../admin-context.server.ts';
import { intakeHandlers } from './intake-actions.server.ts';
import { INTAKE_PAGE_SIZE, intakeListHref, readIntakeFilters, type IntakeFilters } from './intake-filters.ts';
import { moveBetween } from './intake-status.ts';
import { intakeName, listIntakes, type IntakeRow } from './intakes.server.ts';
import { countAwaitingTriage } from './triage.server.ts';

export interface PageNotice {
  title: string;
  message: string;
}

export interface IntakePageModel {
  isAdmin: boolean;
  filters: IntakeFilters;
  rows: IntakeRow[];
  total: number;
  pageCount: number;
  awaitingTriage: number;
  /** Why the last action was refused, shown above the list (a success leaves with a toast instead). */
  notice: PageNotice | null;
}

function refusal(post: AdminPost, rows: readonly IntakeRow[]): PageNotice {
  const row = rows.find((intake) => intake.id === post.fields['intake_id']);
  const move = row ? moveBetween(row.status, post.fields['to_status'] ?? '') : undefined;
  const title =
    row && move ? `${move.label}: ${intakeName(row)} — not done` : 'The intake’s status did not change';
  return { title, message: post.outcome.message ?? 'Please try again.' };
}

/** /admin-intake: the intakes with their demand; administrators move them through their life here. */
export async function loadIntakePage(astro: AstroGlobal): Promise<IntakePageModel | Response> {
  const context = staffContext(astro);
  if (context instanceof Response) return context;
  const filters = readIntakeFilters(astro.url.searchParams);
  let post: AdminPost | null = null;
  if (astro.request.method === 'POST') {
    post = await handleAdminPost(astro, intakeHandlers(context));
    const asJson = wantsJsonResponse(astro.request);
    if (post.outcome.ok || asJson) return redirectAfter(astro, post.outcome, intakeListHref(filters), asJson);
    astro.response.status = post.outcome.status;
  }
  const [{ rows, total }, awaitingTriage] = await Promise.all([
    listIntakes(context.supabase, filters),
    countAwaitingTriage(context.supabase),
  ]);
  return {
    isAdmin: context.isAdmin,
    filters,
    rows,
    total,
    pageCount: Math.max(1, Math.ceil(total / INTAKE_PAGE_SIZE)),
    awaitingTriage,
    notice: post ? refusal(post, rows) : null,
  };
}
