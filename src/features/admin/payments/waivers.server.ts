import type { SupabaseClient } from '@supabase/supabase-js';
import { applicantNames } from './invoices.server.ts';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';

/** A request to waive a fee, with what the decision form needs. */
export interface WaiverRow extends Pick<
  Tables<'fee_waivers'>,
  | 'id'
  | 'invoice_id'
  | 'reason'
  | 'code'
  | 'status'
  | 'decision_reason'
  | 'created_at'
  | 'decided_at'
  | 'version'
> {
  invoice: { reference: string; currency: string; groupId: string };
  applicantName: string | null;
  /** What is left to pay on the invoice now, in its minor units. */
  outstanding: number | null;
}

const COLUMNS =
  'id, invoice_id, reason, code, status, decision_reason, created_at, decided_at, version, invoices(reference, currency, group_id)';

/** The waiver requests of one invoice, or the ones still waiting when none is named, oldest first. */
export async function listWaivers(
  supabase: SupabaseClient<Database>,
  filter: { invoiceId: string } | { waiting: true },
): Promise<WaiverRow[] | null> {
  let request = supabase.from('fee_waivers').select(COLUMNS);
  request =
    'invoiceId' in filter ? request.eq('invoice_id', filter.invoiceId) : request.eq('status', 'requested');
  const { data, error } = await request.order('created_at').limit(200);
  if (error) {
    console.error('Reading waiver requests failed', error.message);
    return null;
  }
  const invoiceIds = [...new Set(data.map((row) => row.invoice_id))];
  const [names, totals] = await Promise.all([
    applicantNames(
      supabase,
      data.map((row) => row.invoices.group_id),
    ),
    invoiceIds.length === 0
      ? Promise.resolve({ data: [], error: null })
      : supabase.from('invoice_summaries').select('id, outstanding_minor').in('id', invoiceIds),
  ]);
  if (totals.error) console.error('Reading invoice totals failed', totals.error.message);
  const outstanding = new Map((totals.data ?? []).map((row) => [row.id, row.outstanding_minor]));
  return data.map(({ invoices: invoice, ...waiver }) => ({
    ...waiver,
    invoice: { reference: invoice.reference, currency: invoice.currency, groupId: invoice.group_id },
    applicantName: names.get(invoice.group_id) ?? null,
    outstanding: outstanding.get(waiver.invoice_id) ?? null,
  }));
}
