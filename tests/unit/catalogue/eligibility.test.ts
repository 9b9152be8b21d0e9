import { describe, expect, it } from 'vitest';
import { parseDiscover } from '../../../src/features/catalogue/discover-schema.ts';
import { assessEligibility, type EligibilityCourse } from '../../../src/features/catalogue/eligibility.ts';

const rates = {
  GBP: { rateToUsd: 1.25, asOf: '2026-11-20' },
  USD: { rateToUsd: 1, asOf: '2026-11-20' },
};
const course: EligibilityCourse = {
  level: 'master',
  field: 'Computer Science',
  countryCode: 'GB',
  tuitionAnnual: 16000,
  tuitionCurrency: 'GBP',
  minGradePercent: 65,
  requiredPriorLevel: 'bachelor',
  minIelts: 7,
  minToefl: 95,
  minPte: null,
  minDuolingo: null,
  intakeMonths: [9, 1],
};
const answers = (text: string) => parseDiscover(new URLSearchParams(text));
const texts = (result: ReturnType<typeof assessEligibility>, status: string) =>
  result.checks.filter((check) => check.status === status).map((check) => check.text);

describe('explainable eligibility', () => {
  it('says what is missing when the English score is too low', () => {
    const result = assessEligibility(course, answers('test=ielts&score=6.5&grade=70&prior=bachelor'), rates);
    expect(result.eligible).toBe(false);
    expect(texts(result, 'missing')).toContain('needs IELTS 7.0 — you have 6.5');
    expect(texts(result, 'met')).toContain('grade 70% ≥ 65% required');
  });

  it('explains a met English requirement and the budget in the visitor’s currency', () => {
    const result = assessEligibility(
      course,
      answers('test=ielts&score=7.5&grade=70&prior=master&budget=25000&currency=USD&start=9'),
      rates,
    );
    expect(result.eligible).toBe(true);
    expect(result.score).toBe(100);
    expect(texts(result, 'met')).toEqual(
      expect.arrayContaining([
        'IELTS 7.5 ≥ 7.0 required',
        'within budget: US$20,000 a year ≤ US$25,000',
        'starts in September',
        'you have completed a bachelor’s degree or more',
      ]),
    );
  });

  it('ranks a partial fit below a full fit and keeps over-budget courses with the gap', () => {
    const result = assessEligibility(
      course,
      answers('budget=15000&currency=GBP&prior=secondary&start=5'),
      rates,
    );
    expect(texts(result, 'missing')).toEqual([
      'over budget by £1,000 a year (£16,000)',
      'needs a bachelor’s degree — you have secondary school',
      'no May start — starts in September, January',
    ]);
    expect(result.score).toBeLessThan(50);
  });

  it('lists requirements it could not check as unknown, not as missing', () => {
    const result = assessEligibility(course, answers('level=master'), rates);
    expect(result.eligible).toBe(true);
    expect(texts(result, 'unknown')).toEqual([
      'asks for IELTS 7.0 or TOEFL iBT 95',
      'asks for an average grade of 65%',
      'asks for a bachelor’s degree',
    ]);
  });

  it('treats a test the course does not list as something to check', () => {
    const result = assessEligibility(course, answers('test=pte&score=70'), rates);
    expect(texts(result, 'unknown')[0]).toBe('does not list PTE Academic; accepts IELTS 7.0 or TOEFL iBT 95');
    const none = assessEligibility(course, answers('test=none'), rates);
    expect(texts(none, 'missing')).toContain('needs an English test: IELTS 7.0 or TOEFL iBT 95');
  });
});
