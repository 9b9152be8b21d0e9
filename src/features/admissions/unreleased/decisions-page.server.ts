import type { AstroGlobal } from 'astro';
import {
  bulkStatus,
  runBulkPost,
  type BulkFormState,
  type BulkPreviewModel,
  type BulkResultsModel,
} from '../bulk/bulk-post.server.ts';
import { decisionAction } from '../bulk/bulk-decision-actions.server.ts';
import { mayReleaseDecisions } from '../release/decision-rights.server.ts';
import type { AdminContext } from '../../admin/admin-context.server.ts';
import { listDecisionIntakes, type DecisionIntake } from './decision-intakes.server.ts';
import { listUnreleased, type UnreleasedDecision } from './decisions-list.server.ts';
import { DECISIONS_PAGE_SIZE, parseDecisionsParams, type DecisionsParams } from './decisions-params.ts';
import { loadStaffDirectory, staffEmails, staffName } from '../../admin/staff-directory.server.ts';

export interface DecisionEntry extends UnreleasedDecision {
  recommender: string | null;
  approver: string | null;
}

export interface DecisionsPageModel {
  kind: 'list';
  params: DecisionsParams;
  entries: DecisionEntry[];
  /** Decisions matching the filters; null when they could not be read. */
  total: number | null;
  pages: number;
  intakes: DecisionIntake[];
  mayRelease: boolean;
  form: BulkFormState | null;
}

export type DecisionsPage = DecisionsPageModel | BulkPreviewModel | BulkResultsModel;

/**
 * /admin/decisions: every decision made and not yet released, with the approve and release changes
 * in bulk. A post is such a change: its preview, its results, or the list with the ticks kept.
 */
export async function loadDecisionsPage(astro: AstroGlobal, ctx: AdminContext): Promise<DecisionsPage> {
  const params = parseDecisionsParams(astro.url.searchParams);
  const mayRelease = await mayReleaseDecisions(ctx.supabase);
  let form: BulkFormState | null = null;
  if (astro.request.method === 'POST') {
    const context = { supabase: ctx.supabase, mayRelease, reasons: [] };
    const outcome = await runBulkPost(astro.request, ctx.supabase, (command) =>
      command.action === 'decide' ? null : decisionAction(context, command),
    );
    astro.response.status = bulkStatus(outcome);
    if (outcome.kind !== 'form') return outcome;
    form = outcome.state;
  }
  const [list, intakes, staff] = await Promise.all([
    listUnreleased(ctx.supabase, params),
    listDecisionIntakes(ctx.supabase),
    loadStaffDirectory(ctx.supabase),
  ]);
  const emails = staffEmails(staff);
  const nameOf = (id: string | null) => (id ? staffName(emails, id) : null);
  return {
    kind: 'list',
    params,
    entries: list.rows.map((row) => ({
      ...row,
      recommender: nameOf(row.recommended_by),
      approver: nameOf(row.approved_by),
    })),
    total: list.total,
    pages: Math.max(1, Math.ceil((list.total ?? 0) / DECISIONS_PAGE_SIZE)),
    intakes,
    mayRelease,
    form,
  };
}
