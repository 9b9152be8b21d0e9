import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDiscover } from '../../../src/features/catalogue/discover-schema.ts';
import {
  parseCompare,
  parseCourseSearch,
  parseUniversitySearch,
} from '../../../src/features/catalogue/schema.ts';

const query = (text: string) => new URLSearchParams(text);

describe('catalogue query parameters', () => {
  it('reads a full course search, lists and all', () => {
    const input = parseCourseSearch(
      query(
        'q=data+science&level=master&level=bachelor&country=GB,IE&tuition_max=20000&intake=9&sort=deadline&page=3',
      ),
    );
    expect(input).toMatchObject({
      q: 'data science',
      level: ['master', 'bachelor'],
      country: ['GB', 'IE'],
      tuition_max: 20000,
      intake: 9,
      sort: 'deadline',
      page: 3,
    });
  });

  it('falls back to defaults on bad values instead of failing', () => {
    const input = parseCourseSearch(
      query(
        'level=wizard&country=gbr&university=1;drop&tuition_max=-5&intake=13&sort=price&page=0&mode=full_time',
      ),
    );
    expect(input).toMatchObject({
      level: [],
      country: [],
      university: [],
      sort: 'relevance',
      page: 1,
      mode: ['full_time'],
    });
    expect(input.tuition_max).toBeUndefined();
    expect(input.intake).toBeUndefined();
  });

  it('never throws on arbitrary query strings', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => parseCourseSearch(query(text))).not.toThrow();
        expect(() => parseUniversitySearch(query(text))).not.toThrow();
        expect(() => parseDiscover(query(text))).not.toThrow();
        expect(() => parseCompare(query(text))).not.toThrow();
      }),
    );
  });

  it('keeps at most four distinct valid ids to compare', () => {
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const parsed = parseCompare(query(`ids=${[ids[0], ...ids, 'nope'].join(',')}`));
    expect(parsed.ids).toEqual(ids.slice(0, 4));
  });

  it('only accepts ranking bands it offers and trims long search text', () => {
    const input = parseUniversitySearch(query(`ranking=300&q=${'a'.repeat(300)}&type=public&sort=ranking`));
    expect(input.ranking).toBeUndefined();
    expect(input.q).toHaveLength(120);
    expect(input).toMatchObject({ type: ['public'], sort: 'ranking' });
  });

  it('drops an English score outside the chosen test’s scale', () => {
    expect(parseDiscover(query('test=ielts&score=75')).score).toBeUndefined();
    expect(parseDiscover(query('test=toefl&score=75')).score).toBe(75);
  });
});
