import { randomUUID } from 'node:crypto';
import type { AstroGlobal } from 'astro';
import { isUuid } from '../../../lib/uuid.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { invoiceHandlers } from './invoice-actions.server.ts';
import { loadInvoiceDetail, type InvoiceDetail } from './invoice-detail.server.ts';
import { runPaymentPost, stateFor, type PaymentFormState } from './payment-post.server.ts';

export interface InvoicePageModel extends InvoiceDetail {
  failed: PaymentFormState | null;
  /**
   * The keys of this render's payment and refund forms: a second click sends the same key and
   * records nothing twice. A refused form keeps the key it was sent with.
   */
  formKeys: { payment: string; refund: string };
  /** Today (UTC, as the database's current_date), the received date's default. */
  today: string;
}

const SECTIONS: Record<string, string> = {
  'record-payment': 'record-payment',
  'record-refund': 'refund',
  'extend-deposit': 'deposit-deadline',
  'decide-waiver': 'waivers',
};

const notFound = () => new Response(null, { status: 404 });

function keyFor(failed: PaymentFormState | null, intent: string, invoiceId: string): string {
  const sent = stateFor(failed, intent, invoiceId)?.values['form_key'];
  return sent && isUuid(sent) ? sent : randomUUID();
}

/** /admin/payments/{id}: one invoice the office covers; its forms post here and come back. */
export async function loadInvoicePage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<InvoicePageModel | Response> {
  const id = astro.params['id'] ?? '';
  if (!isUuid(id)) return notFound();
  let failed: PaymentFormState | null = null;
  if (astro.request.method === 'POST') {
    const { data, error } = await ctx.supabase
      .from('invoices')
      .select('id, currency')
      .eq('id', id)
      .maybeSingle();
    if (error) throw new Error(`invoice: ${error.message}`);
    if (!data) return notFound();
    const answer = await runPaymentPost(
      astro,
      invoiceHandlers(ctx.supabase, data),
      (intent) => SECTIONS[intent] ?? 'ledger',
    );
    if (answer instanceof Response) return answer;
    failed = answer;
  }
  const detail = await loadInvoiceDetail(ctx.supabase, id);
  if (!detail) return notFound();
  return {
    ...detail,
    failed,
    formKeys: { payment: keyFor(failed, 'record-payment', id), refund: keyFor(failed, 'record-refund', id) },
    today: new Date().toISOString().slice(0, 10),
  };
}
