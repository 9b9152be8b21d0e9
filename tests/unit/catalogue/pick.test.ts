import { describe, expect, it } from 'vitest';
import { activeFilterCount } from '../../../src/features/catalogue/SearchForm.tsx';
import { appendPick, decodePicks, pickSchema, PICKS_LIMIT } from '../../../src/features/shortlist/pick.ts';

const ID = '2d720673-5f4d-4009-b9bc-6abdf703fb73';

describe('Save and Compare as plain forms', () => {
  it('reads a pick cookie, and reads anything malformed as no changes', () => {
    const list = [{ add: true, id: ID, title: 'Clinical Pharmacy' }];
    expect(decodePicks(JSON.stringify(list))).toEqual(list);
    for (const raw of [
      undefined,
      '',
      'not json',
      '{}',
      JSON.stringify([{ add: true, id: 'nope', title: '' }]),
    ])
      expect(decodePicks(raw)).toEqual([]);
  });

  it('keeps only the newest changes', () => {
    let list = decodePicks(undefined);
    for (let n = 0; n < PICKS_LIMIT + 3; n++)
      list = appendPick(list, { add: n % 2 === 0, id: ID, title: `${n}` });
    expect(list).toHaveLength(PICKS_LIMIT);
    expect(list.at(-1)?.title).toBe(`${PICKS_LIMIT + 2}`);
  });

  it('accepts the four actions on a real course id and cleans the title', () => {
    expect(
      pickSchema.parse({ action: 'compare', course_id: ID, title: ' MSc\u0000 Law\ud800 ' }),
    ).toMatchObject({
      title: 'MSc Law',
    });
    expect(pickSchema.safeParse({ action: 'delete', course_id: ID, title: 'X' }).success).toBe(false);
    expect(pickSchema.safeParse({ action: 'save', course_id: 'x', title: 'X' }).success).toBe(false);
    expect(pickSchema.safeParse({ action: 'save', course_id: ID, title: '\u0007' }).success).toBe(false);
  });
});

describe('the Filters (n) button', () => {
  it('counts each filter set, not the search words, order, page or currency', () => {
    expect(activeFilterCount('')).toBe(0);
    expect(activeFilterCount('q=law&sort=title&page=2&currency=EUR')).toBe(0);
    expect(activeFilterCount('level=master&level=bachelor&country=GB&tuition_max=20000')).toBe(4);
    expect(activeFilterCount('field=&intake=9')).toBe(1);
  });
});
