import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { loadFeeSettings, type FeeSettings } from './fee-settings.server.ts';
import { invoiceListHref, parseInvoiceQuery, type InvoiceQuery } from './invoice-query.ts';
import { listInvoices, type InvoiceList } from './invoices.server.ts';
import { runPaymentPost, type PaymentFormState } from './payment-post.server.ts';
import { settingsHandlers } from './settings-actions.server.ts';
import { handleImportPost, type ImportResult } from './statement-import.server.ts';
import { waiverHandlers } from './waiver-actions.server.ts';
import { listWaivers, type WaiverRow } from './waivers.server.ts';

export interface PaymentsPageModel {
  query: InvoiceQuery;
  /** Where the page's forms post: the list as filtered now. */
  action: string;
  invoices: InvoiceList | null;
  waivers: WaiverRow[] | null;
  /** Administrators only; null for counsellors or when unreadable. */
  settings: FeeSettings | null;
  isAdmin: boolean;
  failed: PaymentFormState | null;
  imported: ImportResult | null;
}

/** The section of the page each form returns to. */
const SECTIONS: Record<string, string> = {
  'decide-waiver': 'waivers',
  'save-fee-settings': 'fee-settings',
  'add-waiver-code': 'waiver-codes',
  'set-waiver-code-active': 'waiver-codes',
};

/**
 * /admin/payments: a form post runs and comes back (post/redirect/get) unless refused; a statement
 * import is answered in place with its rows. Settings forms exist for administrators only.
 */
export async function loadPaymentsPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<PaymentsPageModel | Response> {
  let failed: PaymentFormState | null = null;
  let imported: ImportResult | null = null;
  if (astro.request.method === 'POST' && astro.url.searchParams.get('form') === 'import') {
    const answer = await handleImportPost(astro, ctx.supabase);
    if ('rows' in answer) imported = answer;
    else failed = answer;
  } else if (astro.request.method === 'POST') {
    const handlers = {
      ...waiverHandlers(ctx.supabase),
      ...(ctx.isAdmin ? settingsHandlers(ctx.supabase) : {}),
    };
    const answer = await runPaymentPost(astro, handlers, (intent) => SECTIONS[intent] ?? 'invoices');
    if (answer instanceof Response) return answer;
    failed = answer;
  }
  const query = parseInvoiceQuery(astro.url.searchParams);
  const [invoices, waivers, settings] = await Promise.all([
    listInvoices(ctx.supabase, query),
    listWaivers(ctx.supabase, { waiting: true }),
    ctx.isAdmin ? loadFeeSettings(ctx.supabase) : Promise.resolve(null),
  ]);
  return {
    query,
    action: invoiceListHref({ ...query, page: 1 }),
    invoices,
    waivers,
    settings,
    isAdmin: ctx.isAdmin,
    failed,
    imported,
  };
}
