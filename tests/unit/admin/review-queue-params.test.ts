import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  describeSort,
  hasFilters,
  parseQueueParams,
  queueHref,
  sortLink,
} from '../../../src/features/admin/review/queue/queue-params.ts';

const parse = (query: string) => parseQueueParams(new URLSearchParams(query));

describe('review queue URL', () => {
  it('shows the whole queue, oldest submission first, on page 1 by default', () => {
    expect(parse('')).toEqual(DEFAULT_PARAMS);
    expect(queueHref(DEFAULT_PARAMS)).toBe('/admin/applications');
  });

  it('reads every filter, the sort and the page from the query string', () => {
    expect(
      parse(
        'status=under_review&q=UP-2027&course=Ashcombe&intake=September+2027&assigned=me&sort=deadline&dir=desc&page=3',
      ),
    ).toEqual({
      status: 'under_review',
      q: 'UP-2027',
      course: 'Ashcombe',
      intake: 'September 2027',
      assigned: 'me',
      sort: 'deadline',
      dir: 'desc',
      page: 3,
    });
  });

  it('falls back to the defaults for values a hand-edited URL gets wrong, drafts included', () => {
    expect(parse('status=draft&assigned=them&sort=applicant_id&dir=sideways&page=-2')).toEqual(
      DEFAULT_PARAMS,
    );
    expect(parse('page=abc').page).toBe(1);
    expect(parse(`q=${'x'.repeat(101)}`).q).toBe('');
  });

  it('keeps only what differs from the defaults and starts again at page 1 when a filter changes', () => {
    const params = { ...DEFAULT_PARAMS, q: 'Okafor', page: 4 };
    expect(queueHref(params, { status: 'submitted' })).toBe('/admin/applications?status=submitted&q=Okafor');
    expect(queueHref(params, { page: 5 })).toBe('/admin/applications?q=Okafor&page=5');
    expect(parse(new URL(queueHref(params, { page: 5 }), 'https://x.test').search)).toEqual({
      ...params,
      page: 5,
    });
  });

  it('sorts a new column ascending and flips the sorted one, saying which way it is sorted', () => {
    const bySubmitted = DEFAULT_PARAMS;
    expect(sortLink(bySubmitted, 'submitted')).toEqual({
      href: '/admin/applications?dir=desc',
      ariaSort: 'ascending',
    });
    expect(sortLink(bySubmitted, 'reference')).toEqual({
      href: '/admin/applications?sort=reference',
      ariaSort: undefined,
    });
    const byDeadlineDesc = { ...DEFAULT_PARAMS, sort: 'deadline' as const, dir: 'desc' as const, page: 2 };
    expect(sortLink(byDeadlineDesc, 'deadline')).toEqual({
      href: '/admin/applications?sort=deadline',
      ariaSort: 'descending',
    });
    expect(describeSort(byDeadlineDesc)).toBe('sorted by intake deadline, latest first');
  });

  it('knows whether any filter narrows the list', () => {
    expect(hasFilters(DEFAULT_PARAMS)).toBe(false);
    expect(hasFilters({ ...DEFAULT_PARAMS, sort: 'status', page: 2 })).toBe(false);
    expect(hasFilters({ ...DEFAULT_PARAMS, assigned: 'unassigned' })).toBe(true);
  });
});
