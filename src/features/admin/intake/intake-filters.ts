import { isIntakeStatus, type IntakeStatus } from './intake-status.ts';

export const INTAKE_PAGE_SIZE = 25;
const SEARCH_MAX = 100;

/** The intake list's state, all of it in the URL so a view can be shared, bookmarked and paged without JS. */
export interface IntakeFilters {
  status: IntakeStatus | '';
  q: string;
  page: number;
}

/** A positive page number from the query; anything else is the first page. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Unknown or malformed values fall back to "any", so a hand-edited URL never errors. */
export function readIntakeFilters(params: URLSearchParams): IntakeFilters {
  const status = params.get('status') ?? '';
  return {
    status: isIntakeStatus(status) ? status : '',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    page: pageNumber(params.get('page')),
  };
}

/** The query string of a view (no leading "?"), leaving out defaults so page 1 has one address. */
export function intakeQuery(filters: IntakeFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

export function intakeListHref(filters: IntakeFilters, page = filters.page): string {
  const query = intakeQuery(filters, page);
  return query ? `/admin-intake?${query}` : '/admin-intake';
}

/**
 * The link a "Close…" button follows, carrying where the admin came from so they return to it: the
 * list's view, or (with `fromDetail`) the intake's own page.
 */
export function confirmHref(intakeId: string, to: string, listQuery: string, fromDetail = false): string {
  const params = new URLSearchParams({ intake: intakeId, to });
  if (fromDetail) params.set('from', 'detail');
  else if (listQuery) params.set('back', listQuery);
  return `/admin-intake/confirm?${params.toString()}`;
}

export function intakeDetailHref(intakeId: string): string {
  return `/admin-intake/${intakeId}`;
}
