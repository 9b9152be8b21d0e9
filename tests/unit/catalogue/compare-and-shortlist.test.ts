import { describe, expect, it } from 'vitest';
import {
  $compare,
  addToCompare,
  addToList,
  clearCompare,
  COMPARE_FULL_MESSAGE,
  compareHref,
  swapIntoCompare,
} from '../../../src/features/catalogue/compare-store.ts';
import {
  cleanShortlist,
  mergeShortlists,
  SHORTLIST_LIMIT,
} from '../../../src/features/shortlist/shortlist-store.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('compare tray', () => {
  it('holds four courses and refuses a fifth', () => {
    clearCompare();
    for (let n = 1; n <= 4; n++) expect(addToCompare({ id: id(n), title: `Course ${n}` })).toBe('added');
    expect(addToCompare({ id: id(5), title: 'Course 5' })).toBe('full');
    expect($compare.get().map((item) => item.id)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(COMPARE_FULL_MESSAGE).toMatch(/up to 4 courses/);
    expect(compareHref($compare.get())).toBe(`/courses/compare?ids=${[1, 2, 3, 4].map(id).join(',')}`);
  });

  it('swaps the oldest pick out for a new one when the tray is full', () => {
    clearCompare();
    for (let n = 1; n <= 4; n++) addToCompare({ id: id(n), title: `Course ${n}` });
    expect(swapIntoCompare({ id: id(5), title: 'Course 5' })).toEqual({ id: id(1), title: 'Course 1' });
    expect($compare.get().map((item) => item.id)).toEqual([id(2), id(3), id(4), id(5)]);
    expect(swapIntoCompare({ id: id(3), title: 'Course 3' })).toBeNull();
    expect($compare.get()).toHaveLength(4);
  });

  it('does not add the same course twice', () => {
    const { list, outcome } = addToList([{ id: id(1), title: 'A' }], { id: id(1), title: 'A' });
    expect(outcome).toBe('already');
    expect(list).toHaveLength(1);
  });
});

describe('shortlist merge', () => {
  it('keeps every course saved on either side, once each', () => {
    expect(mergeShortlists([id(2), id(3)], [id(1), id(2)])).toEqual([id(1), id(2), id(3)]);
  });

  it('drops malformed ids and anything that is not a list', () => {
    expect(cleanShortlist([id(1), 'x', 42, null, id(1)])).toEqual([id(1)]);
    expect(cleanShortlist('oops')).toEqual([]);
  });

  it('keeps the newest entries when over the limit', () => {
    const many = Array.from({ length: SHORTLIST_LIMIT + 5 }, (_, n) => id(n));
    const kept = cleanShortlist(many);
    expect(kept).toHaveLength(SHORTLIST_LIMIT);
    expect(kept.at(-1)).toBe(id(SHORTLIST_LIMIT + 4));
  });
});
