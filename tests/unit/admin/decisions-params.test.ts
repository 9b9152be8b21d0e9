import { describe, expect, it } from 'vitest';
import { emptyDecisionsMessage } from '../../../src/features/admissions/unreleased/decisions-empty.ts';
import {
  DEFAULT_DECISIONS_PARAMS,
  decisionsHref,
  hasDecisionFilters,
  parseDecisionsParams,
} from '../../../src/features/admissions/unreleased/decisions-params.ts';

const INTAKE = '5f8a2c1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';
const parse = (query: string) => parseDecisionsParams(new URLSearchParams(query));

describe('the decisions list URL', () => {
  it('lists every unreleased decision on page 1 by default', () => {
    expect(parse('')).toEqual(DEFAULT_DECISIONS_PARAMS);
    expect(decisionsHref(DEFAULT_DECISIONS_PARAMS)).toBe('/admin/decisions');
    expect(hasDecisionFilters(DEFAULT_DECISIONS_PARAMS)).toBe(false);
  });

  it('reads the search, the intake, where decisions stand, the outcome and the page', () => {
    const params = parse(`q=UP-2027&intake=${INTAKE}&state=held&outcome=rejected&page=2`);
    expect(params).toEqual({ q: 'UP-2027', intake: INTAKE, state: 'held', outcome: 'rejected', page: 2 });
    expect(hasDecisionFilters(params)).toBe(true);
    expect(decisionsHref(params, { page: 2 })).toBe(
      `/admin/decisions?q=UP-2027&intake=${INTAKE}&state=held&outcome=rejected&page=2`,
    );
  });

  it('falls back to the defaults for values it does not know, and restarts on page 1 when a filter changes', () => {
    expect(parse('intake=drop+table&state=maybe&outcome=enrolled&page=-3')).toEqual(DEFAULT_DECISIONS_PARAMS);
    expect(decisionsHref({ ...DEFAULT_DECISIONS_PARAMS, page: 4 }, { state: 'awaiting' })).toBe(
      '/admin/decisions?state=awaiting',
    );
  });
});

describe('an empty decisions list', () => {
  it('says what the emptiness means for the state asked for, or that nothing is unreleased at all', () => {
    expect(emptyDecisionsMessage(DEFAULT_DECISIONS_PARAMS)).toMatch(/^Every decision has been released/);
    expect(emptyDecisionsMessage({ ...DEFAULT_DECISIONS_PARAMS, state: 'held' })).toBe(
      'No decisions are held: nothing is waiting for an intake to publish its decisions.',
    );
    expect(
      emptyDecisionsMessage({ ...DEFAULT_DECISIONS_PARAMS, state: 'held', outcome: 'rejected' }),
    ).toBeNull();
  });
});
