import { isLeadSource, isLeadStatus, type LeadSource, type LeadStatus } from './lead-options.ts';

export const LEAD_PAGE_SIZE = 25;
/** The assignee filter's value for leads nobody has taken. */
export const UNASSIGNED = 'none';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The leads list's state; all in the URL, so the CSV export can take the very same view. */
export interface LeadFilters {
  status: LeadStatus | '';
  source: LeadSource | '';
  /** A staff member's id, UNASSIGNED, or '' for anyone. */
  assignee: string;
  /** Part of a name or an e-mail address. */
  q: string;
  page: number;
}

function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Unknown or malformed values mean "any", so a hand-edited URL never errors. */
export function readLeadFilters(params: URLSearchParams): LeadFilters {
  const status = params.get('status') ?? '';
  const source = params.get('source') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    status: isLeadStatus(status) ? status : '',
    source: isLeadSource(source) ? source : '',
    assignee: assignee === UNASSIGNED || UUID.test(assignee) ? assignee.toLowerCase() : '',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: pageNumber(params.get('page')),
  };
}

/** The view's query string (no "?"), defaults left out so every view has one address. */
export function leadQuery(filters: LeadFilters, page: number | null = filters.page): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.source) params.set('source', filters.source);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.q) params.set('q', filters.q);
  if (page !== null && page > 1) params.set('page', String(page));
  return params.toString();
}

export function leadListHref(filters: LeadFilters, page: number = filters.page): string {
  const query = leadQuery(filters, page);
  return query ? `/admin/leads?${query}` : '/admin/leads';
}

/** Every lead of the current filters, not only the page on screen. */
export function leadExportHref(filters: LeadFilters): string {
  const query = leadQuery(filters, null);
  return query ? `/admin/leads/export.csv?${query}` : '/admin/leads/export.csv';
}

export function hasLeadFilters(filters: LeadFilters): boolean {
  return Boolean(filters.status || filters.source || filters.assignee || filters.q);
}
