import { pageParam } from '../../../lib/page-param.ts';

/** Which invoices the list shows: those still waiting for money, all, or those with a waiver request to answer. */
export const INVOICE_VIEWS = ['outstanding', 'all', 'waivers'] as const;
export type InvoiceView = (typeof INVOICE_VIEWS)[number];

export const INVOICE_VIEW_LABELS: Record<InvoiceView, string> = {
  outstanding: 'Outstanding',
  all: 'All invoices',
  waivers: 'Waiver requests waiting',
};

export const INVOICE_PAGE_SIZE = 50;

export interface InvoiceQuery {
  view: InvoiceView;
  /** Part of a reference, as references are written: capitals, digits and dashes. */
  reference: string;
  page: number;
}

/** The list's filters from its address; anything unknown is the default. */
export function parseInvoiceQuery(params: URLSearchParams): InvoiceQuery {
  const view = INVOICE_VIEWS.find((known) => known === params.get('show')) ?? 'outstanding';
  const reference = (params.get('reference') ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 24);
  return { view, reference, page: pageParam(params.get('page')) };
}

/** The list's address with these filters, the defaults left out. */
export function invoiceListHref(query: InvoiceQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.view !== 'outstanding') params.set('show', query.view);
  if (query.reference) params.set('reference', query.reference);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/admin/payments?${search}` : '/admin/payments';
}
