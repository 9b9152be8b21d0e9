import { describe, expect, it } from 'vitest';
import { searchDelayFor, TYPING_DELAY_MS } from '../../../src/features/catalogue/use-instant-search.ts';

const input = (type: string) => ({ tagName: 'INPUT', type });

describe('when a field of the search form searches', () => {
  it('waits for a pause in typing, in the words and in the tuition box alike', () => {
    expect(searchDelayFor('input', input('search'))).toBe(TYPING_DELAY_MS);
    // The course search used to search on every keystroke of the tuition figure.
    expect(searchDelayFor('input', input('number'))).toBe(TYPING_DELAY_MS);
    expect(searchDelayFor('input', input('text'))).toBe(TYPING_DELAY_MS);
    expect(TYPING_DELAY_MS).toBeGreaterThanOrEqual(150);
  });

  it('does not search again when a typed field loses focus', () => {
    expect(searchDelayFor('change', input('search'))).toBeNull();
    expect(searchDelayFor('change', input('number'))).toBeNull();
  });

  it('searches at once when a box is ticked or a menu chosen, once per change', () => {
    expect(searchDelayFor('change', input('checkbox'))).toBe(0);
    expect(searchDelayFor('change', { tagName: 'SELECT' })).toBe(0);
    expect(searchDelayFor('input', input('checkbox'))).toBeNull();
    expect(searchDelayFor('input', { tagName: 'SELECT' })).toBeNull();
  });

  it('ignores what is not a field', () => {
    expect(searchDelayFor('change', null)).toBeNull();
    expect(searchDelayFor('input', { tagName: 'DETAILS' })).toBeNull();
  });
});
