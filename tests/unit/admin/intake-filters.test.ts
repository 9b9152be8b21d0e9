import { describe, expect, it } from 'vitest';
import {
  confirmHref,
  intakeDetailHref,
  intakeListHref,
  intakeQuery,
  readIntakeFilters,
} from '../../../src/features/admin/intake/intake-filters.ts';

const read = (query: string) => readIntakeFilters(new URLSearchParams(query));

describe('intake list URL', () => {
  it('reads status, search and page, and falls back to defaults for anything malformed', () => {
    expect(read('status=closed&q=%20Data%20&page=3')).toEqual({ status: 'closed', q: 'Data', page: 3 });
    expect(read('status=DROP&page=-1')).toEqual({ status: '', q: '', page: 1 });
    expect(read('page=2.5').page).toBe(1);
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(100);
  });

  it('leaves defaults out, so the first page has one address', () => {
    expect(intakeListHref(read(''))).toBe('/admin-intake');
    expect(intakeListHref(read('status=open&page=1'))).toBe('/admin-intake?status=open');
    expect(intakeQuery(read('q=a&b'), 2)).toBe('q=a&page=2');
  });

  it('carries the list view through the confirmation page', () => {
    const href = confirmHref('0b7c', 'closed', 'status=open&q=law');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/admin-intake/confirm');
    expect(url.searchParams.get('intake')).toBe('0b7c');
    expect(url.searchParams.get('to')).toBe('closed');
    expect(url.searchParams.get('back')).toBe('status=open&q=law');
  });

  it('brings a confirmation started on an intake’s own page back there', () => {
    const url = new URL(confirmHref('0b7c', 'decisions_published', 'q=law', true), 'http://x');
    expect(url.searchParams.get('from')).toBe('detail');
    expect(url.searchParams.has('back')).toBe(false);
    expect(intakeDetailHref('0b7c')).toBe('/admin-intake/0b7c');
  });
});
