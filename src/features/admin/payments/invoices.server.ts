import type { SupabaseClient } from '@supabase/supabase-js';
import { INVOICE_PAGE_SIZE, type InvoiceQuery } from './invoice-query.ts';
import { OUTSTANDING_STATES } from './payment-labels.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** One invoice as the staff list shows it; amounts in the invoice's minor units. */
export interface InvoiceListRow {
  id: string;
  reference: string;
  kind: string;
  currency: string;
  dueOn: string;
  amount: number;
  /** Paid less refunded. */
  paid: number;
  outstanding: number;
  state: string;
  /** The application the invoice belongs to (its first choice), for the review page and the name. */
  applicationId: string;
  applicantName: string | null;
}

export interface InvoiceList {
  rows: InvoiceListRow[];
  total: number;
}

const SUMMARY_COLUMNS =
  'id, reference, kind, currency, due_on, group_id, application_id, amount_minor, paid_minor, refunded_minor, outstanding_minor, state';

type SummaryRow = Pick<
  Database['public']['Views']['invoice_summaries']['Row'],
  | 'id'
  | 'reference'
  | 'kind'
  | 'currency'
  | 'due_on'
  | 'group_id'
  | 'application_id'
  | 'amount_minor'
  | 'paid_minor'
  | 'refunded_minor'
  | 'outstanding_minor'
  | 'state'
>;

/** The applicant's name as their application's answers give it, by application id. */
export async function applicantNames(
  supabase: SupabaseClient<Database>,
  applicationIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(applicationIds)];
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase
    .from('applications')
    .select('id, name:answers->personal->>full_name')
    .in('id', ids);
  if (error) console.error('Reading applicant names failed', error.message);
  return new Map((data ?? []).flatMap((row) => (typeof row.name === 'string' ? [[row.id, row.name]] : [])));
}

/** A summary row in the page's terms; the view's columns are all nullable in the generated types. */
export function listRowOf(row: SummaryRow, names: ReadonlyMap<string, string>): InvoiceListRow {
  const applicationId = row.group_id ?? '';
  return {
    id: row.id ?? '',
    reference: row.reference ?? '',
    kind: row.kind ?? '',
    currency: row.currency ?? '',
    dueOn: row.due_on ?? '',
    amount: row.amount_minor ?? 0,
    paid: (row.paid_minor ?? 0) + (row.refunded_minor ?? 0),
    outstanding: row.outstanding_minor ?? 0,
    state: row.state ?? '',
    applicationId,
    applicantName: names.get(applicationId) ?? null,
  };
}

/** The invoices with a waiver request waiting, as far as the caller sees them. */
async function invoicesWithOpenWaivers(supabase: SupabaseClient<Database>): Promise<string[] | null> {
  const { data, error } = await supabase.from('fee_waivers').select('invoice_id').eq('status', 'requested');
  if (error) {
    console.error('Reading waiver requests failed', error.message);
    return null;
  }
  return data.map((row) => row.invoice_id);
}

/**
 * One page of the invoices the caller may see (row-level security: a counsellor sees their office's),
 * filtered as asked; outstanding ones by due date, the others newest first. Null when unreadable.
 */
export async function listInvoices(
  supabase: SupabaseClient<Database>,
  query: InvoiceQuery,
): Promise<InvoiceList | null> {
  let request = supabase.from('invoice_summaries').select(SUMMARY_COLUMNS, { count: 'exact' });
  if (query.view === 'outstanding') request = request.in('state', [...OUTSTANDING_STATES]);
  if (query.view === 'waivers') {
    const ids = await invoicesWithOpenWaivers(supabase);
    if (ids === null) return null;
    if (ids.length === 0) return { rows: [], total: 0 };
    request = request.in('id', ids);
  }
  if (query.reference) request = request.ilike('reference', `%${query.reference}%`);
  request =
    query.view === 'outstanding'
      ? request.order('due_on').order('reference')
      : request.order('created_at', { ascending: false }).order('reference');
  const from = (query.page - 1) * INVOICE_PAGE_SIZE;
  const { data, count, error } = await request.range(from, from + INVOICE_PAGE_SIZE - 1);
  // PGRST103: a page past the end (the list shrank since the link was made).
  if (error && error.code !== 'PGRST103') {
    console.error('Listing invoices failed', error.message);
    return null;
  }
  const rows = data ?? [];
  const names = await applicantNames(
    supabase,
    rows.flatMap((row) => (row.group_id ? [row.group_id] : [])),
  );
  return { rows: rows.map((row) => listRowOf(row, names)), total: count ?? 0 };
}
