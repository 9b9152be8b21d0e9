import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';

type Client = SupabaseClient<Database>;
type Row<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];
type Summary = Database['public']['Views']['invoice_summaries']['Row'];

export interface FeeInvoice {
  id: string;
  kind: 'application_fee' | 'deposit';
  reference: string;
  currency: string;
  dueOn: string;
  state: string;
  amountMinor: number;
  paidMinor: number;
  waivedMinor: number;
  refundedMinor: number;
  outstandingMinor: number;
  lines: Pick<Row<'invoice_lines'>, 'id' | 'description' | 'amount_minor'>[];
  entries: Pick<Row<'ledger_entries'>, 'id' | 'kind' | 'amount_minor' | 'method' | 'received_on' | 'note'>[];
  waivers: Pick<
    Row<'fee_waivers'>,
    'id' | 'status' | 'reason' | 'code' | 'decision_reason' | 'created_at' | 'decided_at'
  >[];
}

export interface FeesPage {
  groupId: string;
  reference: string | null;
  applicantName: string;
  invoices: FeeInvoice[];
}

const num = (value: number | null | undefined) => Number(value ?? 0);

function invoiceOf(
  summary: Summary,
  lines: FeeInvoice['lines'],
  entries: FeeInvoice['entries'],
  waivers: FeeInvoice['waivers'],
): FeeInvoice {
  return {
    id: summary.id ?? '',
    kind: summary.kind === 'deposit' ? 'deposit' : 'application_fee',
    reference: summary.reference ?? '',
    currency: summary.currency ?? '',
    dueOn: summary.due_on ?? '',
    state: summary.state ?? 'due',
    amountMinor: num(summary.amount_minor),
    paidMinor: num(summary.paid_minor),
    waivedMinor: num(summary.waived_minor),
    refundedMinor: num(summary.refunded_minor),
    outstandingMinor: num(summary.outstanding_minor),
    lines,
    entries,
    waivers,
  };
}

/**
 * The invoices of the application (any of its choices leads to it), as its owner may see them; null
 * when the caller cannot see the application.
 */
export async function loadFees(supabase: Client, applicationId: string): Promise<FeesPage | null> {
  if (!/^[0-9a-f-]{36}$/i.test(applicationId)) return null;
  const { data: app, error } = await supabase
    .from('applications')
    .select('group_id, reference, answers')
    .eq('id', applicationId)
    .maybeSingle();
  if (error) throw new Error(`fees: the application could not be read: ${error.message}`);
  if (!app?.group_id) return null;
  const { data: first } = await supabase
    .from('applications')
    .select('reference')
    .eq('id', app.group_id)
    .maybeSingle();
  const { data: summaries, error: summaryError } = await supabase
    .from('invoice_summaries')
    .select('*')
    .eq('group_id', app.group_id)
    .order('created_at');
  if (summaryError) throw new Error(`fees: the invoices could not be read: ${summaryError.message}`);
  const ids = (summaries ?? []).map((summary) => summary.id ?? '').filter(Boolean);
  const [lines, entries, waivers] = ids.length
    ? await Promise.all([
        supabase
          .from('invoice_lines')
          .select('id, invoice_id, description, amount_minor')
          .in('invoice_id', ids)
          .order('id'),
        supabase
          .from('ledger_entries')
          .select('id, invoice_id, kind, amount_minor, method, received_on, note')
          .in('invoice_id', ids)
          .order('id'),
        supabase
          .from('fee_waivers')
          .select('id, invoice_id, status, reason, code, decision_reason, created_at, decided_at')
          .in('invoice_id', ids)
          .order('created_at'),
      ])
    : [{ data: [] }, { data: [] }, { data: [] }];
  const answers = (app.answers ?? {}) as { personal?: { full_name?: string } };
  return {
    groupId: app.group_id,
    reference: first?.reference ?? app.reference,
    applicantName: answers.personal?.full_name ?? '',
    invoices: (summaries ?? []).map((summary) =>
      invoiceOf(
        summary,
        (lines.data ?? []).filter((line) => line.invoice_id === summary.id),
        (entries.data ?? []).filter((entry) => entry.invoice_id === summary.id),
        (waivers.data ?? []).filter((waiver) => waiver.invoice_id === summary.id),
      ),
    ),
  };
}

/** What an invoice's state reads as. */
export const INVOICE_STATE_LABELS: Record<string, string> = {
  due: 'Awaiting payment',
  part_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  waived: 'Waived',
  refunded: 'Refunded',
};
