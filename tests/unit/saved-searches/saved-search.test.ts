import { describe, expect, it } from 'vitest';
import { parseCourseSearch } from '../../../src/features/catalogue/schema.ts';
import { hasFilters, savedSearchDraft } from '../../../src/features/saved-searches/saved-search.ts';

const parse = (query: string) => parseCourseSearch(new URLSearchParams(query));

describe('savedSearchDraft', () => {
  it('keeps the filters the course search parsed, leaving out sort and page', () => {
    const draft = savedSearchDraft(
      parse('level=master&field=Law&country=GB&sort=title&page=3&bogus=1'),
      'GBP',
    );
    expect(draft.filters).toEqual({
      level: ['master'],
      field: ['Law'],
      country: ['GB'],
      university: [],
      mode: [],
      language: [],
    });
    expect(draft.query).toBe('level=master&field=Law&country=GB');
    expect(draft.label).toBe('Master’s · Law · United Kingdom');
    expect(draft.tuitionMax).toBeNull();
  });

  it('gives the same query for the same filters in any order', () => {
    expect(savedSearchDraft(parse('country=IE&country=GB&q=data'), 'EUR').query).toBe(
      savedSearchDraft(parse('q=data&country=GB,IE'), 'EUR').query,
    );
  });

  it('keeps a tuition ceiling with its currency', () => {
    const draft = savedSearchDraft(parse('tuition_max=15000&q=nursing'), 'EUR');
    expect(draft.tuitionMax).toEqual({ amount: 15000, currency: 'EUR' });
    expect(draft.query).toContain('currency=EUR');
    expect(draft.label).toBe('“nursing” · up to 15000 EUR a year');
  });

  it('says when there is nothing to save', () => {
    expect(hasFilters(parse('sort=title&page=2'))).toBe(false);
    expect(hasFilters(parse('intake=9'))).toBe(true);
  });
});
