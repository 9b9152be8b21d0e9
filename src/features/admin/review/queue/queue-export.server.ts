import type { SupabaseClient } from '@supabase/supabase-js';
import type { APIContext } from 'astro';
import { isStaff } from '../../../../lib/auth/session-user.ts';
import { csvDownload, xlsxDownload, type SheetTable } from '../../../../lib/spreadsheet.server.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';
import { loadStaffDirectory, staffEmails } from '../../staff-directory.server.ts';
import { applicantEmails } from '../applicant-contacts.server.ts';
import { ORDER_COLUMN } from './queue-data.server.ts';
import { answersDraftSchema } from '../../../applications/draft.ts';
import { chosenColumns, type ExportApplication } from './queue-export.ts';
import { parseQueueParams } from './queue-params.ts';
import { applyQueueFilters, queueFilters, queueQuery, type QueueFilters } from './queue-query.server.ts';

/** Rows per request; their ids go into the next requests' URLs, which must stay short. */
const BATCH = 200;
/** A ceiling so one request cannot hold the server for ever; far above any one office's cycle. */
const MAX_ROWS = 100_000;

const SELECT =
  'id, reference, status, submitted_at, decided_at, assigned_to, applicant_id, answers, outcome_reason, offer_conditions';

type Row = Omit<ExportApplication, 'answers' | 'email' | 'assignee' | 'outcome' | 'reads'> & {
  answers: unknown;
  assigned_to: string | null;
  applicant_id: string;
};

type Client = SupabaseClient<Database>;

/** The latest released outcome of each application, as the staff member may read it. */
async function releasedOutcomes(supabase: Client, ids: string[]): Promise<Map<string, string>> {
  const { data, error } = await supabase
    .from('application_decisions')
    .select('application_id, outcome, released_at')
    .in('application_id', ids)
    .eq('state', 'released')
    .order('released_at');
  if (error) throw new Error(`reading decisions failed: ${error.message}`);
  return new Map((data ?? []).map((row) => [row.application_id, row.outcome]));
}

/**
 * The sent reads this member of staff may see (row-level security keeps other readers' scores from
 * anyone who still holds an open read of the application).
 */
async function sentReads(
  supabase: Client,
  ids: string[],
): Promise<Map<string, { count: number; mean: number | null }>> {
  const { data, error } = await supabase
    .from('application_reads')
    .select('application_id, total')
    .in('application_id', ids)
    .eq('status', 'submitted');
  if (error) throw new Error(`reading reads failed: ${error.message}`);
  const sums = new Map<string, { count: number; sum: number }>();
  for (const read of data ?? []) {
    const entry = sums.get(read.application_id) ?? { count: 0, sum: 0 };
    entry.count += 1;
    entry.sum += Number(read.total ?? 0);
    sums.set(read.application_id, entry);
  }
  return new Map(
    [...sums].map(([id, { count, sum }]) => [
      id,
      { count, mean: count ? Math.round((sum / count) * 10) / 10 : null },
    ]),
  );
}

async function queueRows(
  supabase: Client,
  params: ReturnType<typeof parseQueueParams>,
  filters: QueueFilters,
): Promise<ExportApplication[]> {
  const staff = staffEmails(await loadStaffDirectory(supabase));
  const out: ExportApplication[] = [];
  for (let from = 0; from < MAX_ROWS; from += BATCH) {
    let query = applyQueueFilters(queueQuery(supabase, SELECT, filters), filters);
    if (filters.status) query = query.eq('status', filters.status);
    const { data, error } = await query
      .order(ORDER_COLUMN[params.sort], { ascending: params.dir === 'asc' })
      .order('id')
      .range(from, from + BATCH - 1);
    if (error && error.code !== 'PGRST103') throw new Error(`reading the queue failed: ${error.message}`);
    const rows = (data ?? []) as Row[];
    const ids = rows.map((row) => row.id);
    const [emails, outcomes, reads] = await Promise.all([
      applicantEmails(
        supabase,
        rows.map((row) => row.applicant_id),
      ),
      ids.length ? releasedOutcomes(supabase, ids) : new Map<string, string>(),
      ids.length ? sentReads(supabase, ids) : new Map<string, { count: number; mean: number | null }>(),
    ]);
    for (const row of rows) {
      out.push({
        ...row,
        answers: answersDraftSchema.parse(row.answers ?? {}),
        email: emails.get(row.applicant_id) ?? null,
        assignee: row.assigned_to ? (staff.get(row.assigned_to) ?? row.assigned_to) : null,
        outcome: outcomes.get(row.id) ?? null,
        reads: reads.get(row.id) ?? { count: 0, mean: null },
      });
    }
    if (rows.length < BATCH) break;
  }
  return out;
}

/**
 * /admin/applications/export: the review queue's current filter and order as CSV or a workbook, with
 * the columns the member of staff ticked. Everything is read with their own session, so the file
 * holds exactly what the queue would show them.
 */
export async function exportQueue(context: APIContext): Promise<Response> {
  const { supabase, user } = context.locals;
  if (!supabase || !user || !isStaff(user)) return new Response(null, { status: 404 });
  const search = context.url.searchParams;
  const columns = chosenColumns(search.getAll('col'));
  if (columns.length === 0) {
    return new Response('Choose at least one column to export, then try again.', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const params = parseQueueParams(search);
  let apps: ExportApplication[];
  try {
    apps = await queueRows(supabase, params, queueFilters(params, user.id));
  } catch (error) {
    console.error('Exporting the review queue failed', error instanceof Error ? error.message : error);
    return new Response('The applications could not be read just now. Try again in a moment.', {
      status: 503,
    });
  }
  const table: SheetTable = {
    name: 'Applications',
    columns,
    rows: apps.map((app) => columns.map((column) => column.value(app))),
  };
  const name = `unipath-applications-${new Date().toISOString().slice(0, 10)}`;
  return search.get('format') === 'xlsx'
    ? xlsxDownload([table], `${name}.xlsx`)
    : csvDownload(table, `${name}.csv`);
}
