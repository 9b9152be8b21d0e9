import type { CurrencyRates } from '../../lib/convert-money.ts';
import type { DiscoverAnswers, DiscoverTest, PriorLevel } from './discover-schema.ts';
import { budgetCheck, gradeCheck, preferenceChecks, priorCheck, startCheck } from './eligibility-checks.ts';
import { englishCheck, type EnglishMinimums } from './english-check.ts';

/** What the scoring needs to know about a course. */
export interface EligibilityCourse extends EnglishMinimums {
  level: string;
  field: string;
  countryCode: string;
  tuitionAnnual: number;
  tuitionCurrency: string;
  minGradePercent: number | null;
  requiredPriorLevel: PriorLevel | null;
  intakeMonths: readonly number[];
}

export type CheckStatus = 'met' | 'missing' | 'unknown';
export interface Check {
  topic: 'level' | 'field' | 'country' | 'budget' | 'english' | 'grade' | 'prior' | 'start';
  status: CheckStatus;
  text: string;
}

export interface Eligibility {
  /** 0–100: the weighted share of checks met. */
  score: number;
  /** No entry requirement (English, grades, prior study) is known to be missing. */
  eligible: boolean;
  checks: Check[];
}

const WEIGHTS: Readonly<Record<Check['topic'], number>> = {
  level: 10,
  field: 10,
  country: 5,
  budget: 20,
  english: 20,
  grade: 15,
  prior: 10,
  start: 10,
};
const REQUIREMENTS = new Set<Check['topic']>(['english', 'grade', 'prior']);
/**
 * Explains how a course fits a visitor's answers: every check says what matched or what is
 * missing in plain words, and the score is the weighted share of checks met (unknowns count half).
 */
export function assessEligibility(
  course: EligibilityCourse,
  answers: DiscoverAnswers,
  rates: CurrencyRates,
): Eligibility {
  const test: DiscoverTest | undefined = answers.test;
  const checks = [
    ...preferenceChecks(course, answers),
    budgetCheck(course, answers, rates),
    englishCheck(course, test, answers.score),
    gradeCheck(course, answers.grade),
    priorCheck(course, answers.prior),
    startCheck(course, answers.start),
  ].filter((check): check is Check => check !== null);
  const total = checks.reduce((sum, check) => sum + WEIGHTS[check.topic], 0);
  const earned = checks.reduce(
    (sum, check) =>
      sum + WEIGHTS[check.topic] * (check.status === 'met' ? 1 : check.status === 'unknown' ? 0.5 : 0),
    0,
  );
  return {
    score: total === 0 ? 0 : Math.round((earned / total) * 100),
    eligible: !checks.some((check) => REQUIREMENTS.has(check.topic) && check.status === 'missing'),
    checks,
  };
}
