import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { countByStatus, type StatusCounts } from './queue-counts.server.ts';
import { listQueue, type QueueRow } from './queue-data.server.ts';
import { PAGE_SIZE, parseQueueParams, type QueueParams } from './queue-params.ts';
import { resolveQueueFilters } from './queue-query.server.ts';
import { loadStaffDirectory, staffEmails, staffName } from '../staff-directory.server.ts';

export interface QueueEntry extends QueueRow {
  assignee: string | null;
}

export interface QueuePageModel {
  params: QueueParams;
  entries: QueueEntry[];
  /** Applications matching the filters; null when the page asked for is past the end. */
  total: number | null;
  pages: number;
  counts: StatusCounts;
  /** All statuses together under the other filters: the "All" link's figure. */
  allCount: number;
  userId: string;
}

/** /admin/applications: the queue of submitted applications as the URL describes it. */
export async function loadQueuePage(astro: AstroGlobal, ctx: AdminContext): Promise<QueuePageModel> {
  const params = parseQueueParams(astro.url.searchParams);
  const filters = await resolveQueueFilters(ctx.supabase, params, ctx.user.id);
  const [list, counts, staff] = await Promise.all([
    listQueue(ctx.supabase, params, filters),
    countByStatus(ctx.supabase, filters),
    loadStaffDirectory(ctx.supabase),
  ]);
  const emails = staffEmails(staff);
  const allCount = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const matching = params.status ? (counts.get(params.status) ?? 0) : allCount;
  return {
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
  };
}
