import { describe, expect, it } from 'vitest';
import { describeAward, largestReduction } from '../../../src/features/scholarships/award.ts';
import { appliesToCourse } from '../../../src/features/scholarships/scholarships.server.ts';
import { filterScholarships, parseScholarshipSearch } from '../../../src/features/scholarships/search.ts';
import type { Scholarship } from '../../../src/features/scholarships/types.ts';

const base: Scholarship = {
  id: '1',
  slug: 'a',
  provider: 'Provider',
  name: 'Open award',
  description: '',
  award: { kind: 'amount', amount: 1000, currency: 'GBP' },
  awardPeriod: 'year',
  paysTowards: 'tuition',
  appliesTo: 'any',
  university: null,
  courseIds: [],
  lastVerifiedAt: null,
  sourceUrl: null,
  levels: [],
  nationalities: [],
  subjectAreas: [],
  minGradePercent: null,
  minGpa: null,
  deadline: null,
};
const rates = { GBP: { rateToUsd: 1.25, asOf: '2026-11-20' }, USD: { rateToUsd: 1, asOf: '2026-11-20' } };
const ashcombe = { id: 'u1', slug: 'ashcombe-university', name: 'Ashcombe University', countryCode: 'GB' };

describe('scholarship awards', () => {
  it('reads an award as people say it', () => {
    expect(describeAward(base)).toBe('£1,000 a year towards tuition');
    const share = (percentage: number) => ({
      award: { kind: 'percentage' as const, percentage },
      awardPeriod: 'year' as const,
      paysTowards: 'tuition' as const,
    });
    expect(describeAward(share(100))).toBe('Full tuition');
    expect(describeAward(share(25))).toBe('25% of the tuition');
  });

  it('says what an award pays towards', () => {
    expect(describeAward({ ...base, paysTowards: 'living', awardPeriod: 'total' })).toBe(
      '£1,000 in total towards living costs',
    );
    expect(describeAward({ ...base, paysTowards: 'tuition_and_living' })).toBe(
      '£1,000 a year towards tuition and living costs',
    );
    expect(
      describeAward({
        ...base,
        award: { kind: 'percentage', percentage: 100 },
        paysTowards: 'tuition_and_living',
      }),
    ).toBe('Full tuition, with a living allowance');
  });

  it('never counts a living-cost award as a reduction of the tuition', () => {
    const living = {
      ...base,
      name: 'Living',
      paysTowards: 'living' as const,
      award: { kind: 'amount' as const, amount: 9000, currency: 'GBP' },
    };
    const tuition = {
      ...base,
      name: 'Tuition',
      award: { kind: 'amount' as const, amount: 2000, currency: 'GBP' },
    };
    expect(largestReduction([living, tuition], { annual: 15000, currency: 'GBP' }, rates)).toMatchObject({
      scholarship: { name: 'Tuition' },
      amount: 2000,
    });
    expect(largestReduction([living], { annual: 15000, currency: 'GBP' }, rates)).toBeNull();
  });

  it('takes the largest reduction, converted to the tuition currency and never above the tuition', () => {
    const half = { ...base, name: 'Half', award: { kind: 'percentage' as const, percentage: 50 } };
    const dollars = {
      ...base,
      name: 'Dollars',
      award: { kind: 'amount' as const, amount: 50_000, currency: 'USD' },
    };
    expect(largestReduction([base, half], { annual: 10_000, currency: 'GBP' }, rates)).toMatchObject({
      amount: 5000,
      scholarship: { name: 'Half' },
    });
    expect(largestReduction([dollars], { annual: 10_000, currency: 'GBP' }, rates)?.amount).toBe(10_000);
    expect(largestReduction([], { annual: 10_000, currency: 'GBP' }, rates)).toBeNull();
  });
});

describe('filterScholarships', () => {
  const list: Scholarship[] = [
    base,
    {
      ...base,
      id: '2',
      name: 'Ashcombe merit',
      university: ashcombe,
      appliesTo: 'university',
      levels: ['bachelor'],
    },
    { ...base, id: '3', name: 'Nigeria fund', nationalities: ['NG'], subjectAreas: ['Engineering'] },
  ];
  const names = (query: string) =>
    filterScholarships(list, parseScholarshipSearch(new URLSearchParams(query))).map((s) => s.name);

  it('keeps scholarships open to anyone whatever the filter', () => {
    expect(names('country=FR')).toEqual(['Open award', 'Nigeria fund']);
    expect(names('nationality=KE')).toEqual(['Open award', 'Ashcombe merit']);
  });

  it('filters by level, subject, university and words', () => {
    expect(names('level=master')).toEqual(['Open award', 'Nigeria fund']);
    expect(names('subject=Civil+Engineering')).toEqual(['Open award', 'Ashcombe merit', 'Nigeria fund']);
    expect(names('subject=Law')).toEqual(['Open award', 'Ashcombe merit']);
    expect(names('university=ashcombe-university&q=merit')).toEqual(['Ashcombe merit']);
  });

  it('ignores malformed filters instead of failing', () => {
    expect(names('country=United+Kingdom&level=phd&nationality=1')).toHaveLength(3);
  });
});

describe('appliesToCourse', () => {
  const course = { id: 'c1', universityId: 'u1', level: 'master', field: 'Mechanical Engineering' };

  it('uses the named courses of a course scholarship as they are', () => {
    const named = {
      ...base,
      appliesTo: 'courses' as const,
      university: ashcombe,
      courseIds: ['c1'],
      levels: ['doctorate'],
    };
    expect(appliesToCourse(named, course)).toBe(true);
    expect(appliesToCourse({ ...named, courseIds: ['c2'] }, course)).toBe(false);
  });

  it('admits a course of its university, or any course, when the level and subject fit', () => {
    const uni = { ...base, appliesTo: 'university' as const, university: ashcombe };
    expect(appliesToCourse(uni, course)).toBe(true);
    expect(appliesToCourse(uni, { ...course, universityId: 'u2' })).toBe(false);
    expect(appliesToCourse({ ...base, levels: ['bachelor'] }, course)).toBe(false);
    expect(appliesToCourse({ ...base, subjectAreas: ['Engineering'] }, course)).toBe(true);
    expect(appliesToCourse({ ...base, subjectAreas: ['Nursing'] }, course)).toBe(false);
  });
});
