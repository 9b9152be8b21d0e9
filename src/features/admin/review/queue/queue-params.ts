import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../../lib/application-status.ts';

/** Every status a submitted application can have: the queue never lists drafts. */
export type QueueStatus = Exclude<ApplicationStatus, 'draft'>;
export const QUEUE_STATUSES = APPLICATION_STATUSES.filter(
  (status): status is QueueStatus => status !== 'draft',
);

export const QUEUE_SORTS = ['submitted', 'deadline', 'status', 'reference'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

export const ASSIGNMENT_FILTERS = ['any', 'me', 'unassigned'] as const;
export type AssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

export const PAGE_SIZE = 25;

/** What the queue shows, read from the URL so every view can be linked, bookmarked and reloaded. */
export interface QueueParams {
  status: QueueStatus | '';
  /** Reference, applicant name or part of the applicant's e-mail address. */
  q: string;
  /** Course title or university name. */
  course: string;
  /** Intake term, e.g. "September 2027". */
  intake: string;
  assigned: AssignmentFilter;
  sort: QueueSort;
  dir: SortDirection;
  page: number;
}

/** Oldest submissions first: the queue is worked in the order applicants sent their applications. */
export const DEFAULT_PARAMS: QueueParams = {
  status: '',
  q: '',
  course: '',
  intake: '',
  assigned: 'any',
  sort: 'submitted',
  dir: 'asc',
  page: 1,
};

const text = z.string().trim().max(100).catch('');

// Unknown or malformed values fall back to the defaults: a hand-edited URL still shows the queue.
const paramsSchema = z.object({
  status: z.enum(['', ...QUEUE_STATUSES]).catch(DEFAULT_PARAMS.status),
  q: text,
  course: text,
  intake: text,
  assigned: z.enum(ASSIGNMENT_FILTERS).catch(DEFAULT_PARAMS.assigned),
  sort: z.enum(QUEUE_SORTS).catch(DEFAULT_PARAMS.sort),
  dir: z.enum(['asc', 'desc']).catch(DEFAULT_PARAMS.dir),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseQueueParams(search: URLSearchParams): QueueParams {
  const raw = Object.fromEntries(
    Object.keys(DEFAULT_PARAMS).map((key) => [key, search.get(key) ?? undefined]),
  );
  return paramsSchema.parse(raw);
}

/**
 * The queue URL for `params` changed by `change`, without the values that are defaults. Any change
 * other than the page itself starts again on page 1.
 */
export function queueHref(params: QueueParams, change: Partial<QueueParams> = {}): string {
  const next: QueueParams = { ...params, ...change, page: change.page ?? 1 };
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_PARAMS) as (keyof QueueParams)[]) {
    const value = next[key];
    if (value !== DEFAULT_PARAMS[key]) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `/admin/applications?${query}` : '/admin/applications';
}

export interface SortLink {
  href: string;
  /** For the column's `aria-sort`; undefined on columns the list is not sorted by. */
  ariaSort: 'ascending' | 'descending' | undefined;
}

/**
 * A column header's link: the sorted column flips its direction; another column starts ascending
 * (oldest submission, soonest deadline, A to Z).
 */
export function sortLink(params: QueueParams, column: QueueSort): SortLink {
  const active = params.sort === column;
  const dir: SortDirection = active ? (params.dir === 'asc' ? 'desc' : 'asc') : 'asc';
  return {
    href: queueHref(params, { sort: column, dir }),
    ariaSort: active ? (params.dir === 'asc' ? 'ascending' : 'descending') : undefined,
  };
}

export function hasFilters(params: QueueParams): boolean {
  return Boolean(params.status || params.q || params.course || params.intake || params.assigned !== 'any');
}

const SORT_WORDS: Record<QueueSort, [string, string, string]> = {
  submitted: ['submission date', 'oldest first', 'newest first'],
  deadline: ['intake deadline', 'soonest first', 'latest first'],
  status: ['status', 'A to Z', 'Z to A'],
  reference: ['reference', 'A to Z', 'Z to A'],
};

/** "sorted by submission date, oldest first", for the table's caption. */
export function describeSort(params: QueueParams): string {
  const [what, asc, desc] = SORT_WORDS[params.sort];
  return `sorted by ${what}, ${params.dir === 'asc' ? asc : desc}`;
}
