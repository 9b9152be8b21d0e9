import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../../admin-context.server.ts';
import {
  bulkStatus,
  runBulkPost,
  type BulkFormState,
  type BulkPreviewModel,
  type BulkResultsModel,
} from '../../../admissions/bulk/bulk-post.server.ts';
import { mayReleaseDecisions } from '../../../admissions/release/decision-rights.server.ts';
import {
  listActiveReasons,
  type DecisionReason,
} from '../../../admissions/outcomes/decision-reasons.server.ts';
import {
  loadStaffDirectory,
  staffEmails,
  staffName,
  type StaffMember,
} from '../../staff-directory.server.ts';
import { queueActions } from './queue-bulk.server.ts';
import { countByStatus, type StatusCounts } from './queue-counts.server.ts';
import { listQueue, type QueueRow } from './queue-data.server.ts';
import { PAGE_SIZE, parseQueueParams, queueHref, type QueueParams } from './queue-params.ts';
import { queueFilters } from './queue-query.server.ts';

export interface QueueEntry extends QueueRow {
  assignee: string | null;
}

/** What the bulk panel offers this member of staff. */
export interface BulkChoices {
  staff: StaffMember[];
  reasons: DecisionReason[];
  /** Approving and releasing decisions (may_release_decisions()). */
  mayRelease: boolean;
  /** Only administrators override the documents and places checks. */
  isAdmin: boolean;
}

export interface QueuePageModel {
  kind: 'list';
  params: QueueParams;
  entries: QueueEntry[];
  /** Applications matching the filters; null when the page asked for is past the end. */
  total: number | null;
  pages: number;
  counts: StatusCounts;
  /** All statuses together under the other filters: the "All" link's figure. */
  allCount: number;
  userId: string;
  choices: BulkChoices;
  /** The bulk form as it was sent, when it comes back to be corrected or changed. */
  form: BulkFormState | null;
}

export type QueuePage = QueuePageModel | BulkPreviewModel | BulkResultsModel;

/** The queue's own address with its filters: where the bulk form posts and the results lead back. */
export function queueAction(params: QueueParams): string {
  return queueHref(params, { page: params.page });
}

/**
 * /admin/applications: the queue of submitted applications as the URL describes it. A post is a
 * bulk change on the ticked rows: its preview, its results, or the list again with the ticks kept.
 */
export async function loadQueuePage(astro: AstroGlobal, ctx: AdminContext): Promise<QueuePage> {
  const params = parseQueueParams(astro.url.searchParams);
  const [staff, reasons, mayRelease] = await Promise.all([
    loadStaffDirectory(ctx.supabase),
    listActiveReasons(ctx.supabase),
    mayReleaseDecisions(ctx.supabase),
  ]);
  let form: BulkFormState | null = null;
  if (astro.request.method === 'POST') {
    const actions = queueActions({ supabase: ctx.supabase, mayRelease, reasons }, staff);
    const outcome = await runBulkPost(astro.request, ctx.supabase, actions);
    astro.response.status = bulkStatus(outcome);
    if (outcome.kind !== 'form') return outcome;
    form = outcome.state;
  }
  const filters = queueFilters(params, ctx.user.id);
  const [list, counts] = await Promise.all([
    listQueue(ctx.supabase, params, filters),
    countByStatus(ctx.supabase, filters),
  ]);
  const emails = staffEmails(staff);
  const allCount = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const matching = params.status ? (counts.get(params.status) ?? 0) : allCount;
  return {
    kind: 'list',
    params,
    entries: list.rows.map((row) => ({
      ...row,
      assignee: row.assigned_to ? staffName(emails, row.assigned_to) : null,
    })),
    total: list.total,
    pages: Math.max(1, Math.ceil((list.total ?? matching) / PAGE_SIZE)),
    counts,
    allCount,
    userId: ctx.user.id,
    choices: { staff, reasons, mayRelease, isAdmin: ctx.isAdmin },
    form,
  };
}
