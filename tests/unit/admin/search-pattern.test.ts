import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsLike, orIlike } from '../../../src/features/admin/search-pattern.ts';
import { parseLogic, type Filter } from '../../../supabase/local/rest/parse/filter.ts';

/** The filter as PostgREST reads it: the conditions of the `or` tree. */
const conditionsOf = (filter: string) => parseLogic('or', `(${filter})`, false).children as Filter[];

describe('orIlike', () => {
  it('matches the term anywhere in each column', () => {
    expect(orIlike(['reference', 'name'], 'UP-2027')).toBe(
      'reference.ilike."*UP-2027*",name.ilike."*UP-2027*"',
    );
  });

  it('keeps commas, brackets and quotes literal and escapes LIKE wildcards', () => {
    expect(orIlike(['name'], 'a,b) "c"')).toBe('name.ilike."*a,b) \\"c\\"*"');
    expect(orIlike(['name'], '50%_off\\')).toBe('name.ilike."*50\\\\%\\\\_off\\\\\\\\*"');
  });

  it('drops PostgREST wildcards and blank terms', () => {
    expect(orIlike(['name'], '*')).toBeNull();
    expect(orIlike(['name'], '   ')).toBeNull();
    expect(orIlike(['name'], 'a*b')).toBe('name.ilike."*ab*"');
  });

  it('never lets typed text add, remove or change a condition', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (typed) => {
        const filter = orIlike(['name', 'email'], typed);
        fc.pre(filter !== null);
        const conditions = conditionsOf(filter ?? '');
        expect(conditions.map((c) => [c.field.name, c.op])).toEqual([
          ['name', 'ilike'],
          ['email', 'ilike'],
        ]);
        expect(conditions[0]?.value).toBe(conditions[1]?.value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('containsLike', () => {
  it('wraps the text in LIKE wildcards and escapes the ones typed', () => {
    expect(containsLike(' Fernhill ')).toBe('%Fernhill%');
    expect(containsLike('100%_sure\\')).toBe('%100\\%\\_sure\\\\%');
  });

  it('drops PostgREST wildcards and finds nothing to look for in blank text', () => {
    expect(containsLike('a*b')).toBe('%ab%');
    expect(containsLike(' * ')).toBeNull();
    expect(containsLike('')).toBeNull();
  });
});
