import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageUrl, paginate } from '../../../src/lib/content/paginate.ts';

describe('pagination', () => {
  it('gives page 1 the bare address and later pages a /page/n/ address', () => {
    expect(pageUrl('/blog/', 1)).toBe('/blog/');
    expect(pageUrl('/blog', 3)).toBe('/blog/page/3/');
  });

  it('splits 14 posts into pages of 6, 6 and 2 linked in both directions', () => {
    const pages = paginate(
      Array.from({ length: 14 }, (_, i) => i),
      6,
      '/blog/',
    );
    expect(pages.map((p) => p.items.length)).toEqual([6, 6, 2]);
    expect(pages.map((p) => [p.prevUrl, p.url, p.nextUrl])).toEqual([
      [undefined, '/blog/', '/blog/page/2/'],
      ['/blog/', '/blog/page/2/', '/blog/page/3/'],
      ['/blog/page/2/', '/blog/page/3/', undefined],
    ]);
    expect(pages.every((p) => p.last === 3 && p.total === 14)).toBe(true);
  });

  it('still renders one empty first page when there is nothing to list', () => {
    const [only, ...rest] = paginate([], 6, '/blog/');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ items: [], current: 1, last: 1, prevUrl: undefined, nextUrl: undefined });
  });

  it('rejects a page size that is not a positive integer', () => {
    expect(() => paginate([1], 0, '/blog/')).toThrow(RangeError);
    expect(() => paginate([1], 2.5, '/blog/')).toThrow(RangeError);
  });

  it('lists every item exactly once, in order, for any list and page size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 20 }), (items, perPage) => {
        const pages = paginate(items, perPage, '/blog/');
        expect(pages.flatMap((p) => p.items)).toEqual(items);
        expect(pages.every((p) => p.items.length <= perPage)).toBe(true);
      }),
    );
  });
});
