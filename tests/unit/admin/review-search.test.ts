import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicantSearchFilter,
  courseSearchFilter,
  searchTerm,
} from '../../../src/features/admin/review/queue-search.ts';
import { parseLogic, type Filter } from '../../../supabase/local/rest/parse/filter.ts';

const IDS = ['6f1c2d3e-0000-4000-8000-000000000001', '6f1c2d3e-0000-4000-8000-000000000002'];

/** The filter as PostgREST reads it: the conditions of the `or` tree. */
const conditionsOf = (filter: string | null) =>
  parseLogic('or', `(${filter ?? ''})`, false).children as Filter[];

describe('review queue search', () => {
  it('keeps names, references and e-mail-like text, and drops filter syntax and wildcards', () => {
    expect(searchTerm('  UP-2027-7F3K9Q ')).toBe('UP-2027-7F3K9Q');
    expect(searchTerm("Chiamaka O'Neil-Adébáyọ̀")).toBe("Chiamaka O'Neil-Adébáyọ̀");
    expect(searchTerm('a,b) or(status.eq.draft "%_*\\')).toBe('a b or status.eq.draft');
    expect(searchTerm('x'.repeat(200))).toHaveLength(80);
    expect(searchTerm(' amara.okafor-1@example.com ')).toBe('amara.okafor-1@example.com');
  });

  it('matches the reference, the name in the answers and the applicants found by profile name or e-mail', () => {
    expect(conditionsOf(applicantSearchFilter('Okafor', IDS))).toMatchObject([
      { field: { name: 'reference' }, op: 'ilike', value: '*Okafor*' },
      {
        field: { name: 'answers', path: [{ key: 'personal' }, { key: 'full_name' }] },
        op: 'ilike',
        value: '*Okafor*',
      },
      { field: { name: 'applicant_id' }, op: 'in', list: IDS },
    ]);
    expect(conditionsOf(applicantSearchFilter('Okafor', []))).toHaveLength(2);
  });

  it('never lets typed text add, remove or change a condition of the filter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (typed) => {
        const term = searchTerm(typed);
        fc.pre(term.length > 0);
        expect(term).not.toMatch(/[%_*\\,()"]/);
        const applicant = conditionsOf(applicantSearchFilter(term, IDS));
        expect(applicant.map((c) => [c.field.name, c.op])).toEqual([
          ['reference', 'ilike'],
          ['answers', 'ilike'],
          ['applicant_id', 'in'],
        ]);
        expect(applicant[0]?.value).toBe(`*${term}*`);
        const course = conditionsOf(courseSearchFilter(term));
        expect(course.map((c) => [c.field.name, c.op, c.value])).toEqual([
          ['title', 'ilike', `*${term}*`],
          ['university_name', 'ilike', `*${term}*`],
        ]);
      }),
      { numRuns: 500 },
    );
  });
});
