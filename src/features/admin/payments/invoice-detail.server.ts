import type { SupabaseClient } from '@supabase/supabase-js';
import { isUuid } from '../../../lib/uuid.ts';
import { loadStaffDirectory, staffEmails } from '../staff-directory.server.ts';
import { listRowOf, type InvoiceListRow } from './invoices.server.ts';
import { listWaivers, type WaiverRow } from './waivers.server.ts';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';

export interface LedgerRow extends Pick<
  Tables<'ledger_entries'>,
  'id' | 'kind' | 'amount_minor' | 'method' | 'received_on' | 'note' | 'created_at'
> {
  /** Who recorded it, in words. */
  by: string;
}

export interface InvoiceDetail {
  invoice: InvoiceListRow & {
    version: number;
    waived: number;
    /** What may still be refunded: paid less refunded. */
    refundable: number;
    /** The choice a deposit holds, else the application's first choice. */
    choiceId: string;
  };
  lines: Pick<Tables<'invoice_lines'>, 'id' | 'description' | 'amount_minor'>[];
  ledger: LedgerRow[];
  waivers: WaiverRow[];
  /** The application the invoice's review page is, with its reference and status. */
  application: { id: string; reference: string | null; status: string } | null;
}

const COLUMNS =
  'id, applicant_id, reference, kind, currency, due_on, group_id, application_id, amount_minor, paid_minor, waived_minor, refunded_minor, outstanding_minor, state, version';

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what}: ${result.error?.message ?? 'no rows'}`);
  return result.data;
}

/** Who recorded an entry: a member of staff, the applicant (a waiver code), or nobody (a provider). */
function recorder(emails: ReadonlyMap<string, string>, applicantId: string | null) {
  return (id: string | null, method: string) => {
    if (id === null) return method === 'test' || method === 'card' ? 'Payment provider' : 'Unipath';
    if (id === applicantId) return 'The applicant';
    return emails.get(id) ?? 'Former staff member';
  };
}

/** One invoice as the caller may see it (row-level security), or null when there is none. */
export async function loadInvoiceDetail(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<InvoiceDetail | null> {
  if (!isUuid(id)) return null;
  const found = await supabase.from('invoice_summaries').select(COLUMNS).eq('id', id).maybeSingle();
  if (found.error) throw new Error(`invoice: ${found.error.message}`);
  const row = found.data;
  if (!row?.group_id) return null;
  const choiceId = row.application_id ?? row.group_id;
  const [lines, ledger, waivers, application, staff] = await Promise.all([
    supabase.from('invoice_lines').select('id, description, amount_minor').eq('invoice_id', id).order('id'),
    supabase
      .from('ledger_entries')
      .select('id, kind, amount_minor, method, received_on, note, created_at, recorded_by')
      .eq('invoice_id', id)
      .order('id'),
    listWaivers(supabase, { invoiceId: id }),
    supabase
      .from('applications')
      .select('id, reference, status, name:answers->personal->>full_name')
      .eq('id', choiceId)
      .maybeSingle(),
    loadStaffDirectory(supabase),
  ]);
  const who = recorder(staffEmails(staff), row.applicant_id);
  const names = new Map<string, string>();
  const app = application.data;
  if (app && typeof app.name === 'string') names.set(row.group_id, app.name);
  const summary = listRowOf(row, names);
  return {
    invoice: {
      ...summary,
      version: row.version ?? 1,
      waived: row.waived_minor ?? 0,
      refundable: summary.paid,
      choiceId,
    },
    lines: must(lines, 'invoice lines'),
    ledger: must(ledger, 'ledger entries').map(({ recorded_by, ...entry }) => ({
      ...entry,
      by: who(recorded_by, entry.method),
    })),
    waivers: waivers ?? [],
    application: app ? { id: app.id, reference: app.reference, status: app.status } : null,
  };
}
