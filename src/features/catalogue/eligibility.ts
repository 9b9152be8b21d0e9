import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { formatMoney } from '../../lib/format-money.ts';
import type { DiscoverAnswers, EnglishTest, PriorLevel } from './discover-schema.ts';
import { englishCheck, type EnglishMinimums } from './english-check.ts';
import { levelLabel, MONTH_NAMES } from './labels.ts';

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
const PRIOR_RANK: Readonly<Record<PriorLevel, number>> = {
  secondary: 0,
  foundation: 1,
  certificate: 2,
  diploma: 2,
  bachelor: 3,
  master: 4,
};
const PRIOR_NAMES: Readonly<Record<PriorLevel, string>> = {
  secondary: 'secondary school',
  foundation: 'a foundation year',
  certificate: 'a certificate',
  diploma: 'a diploma',
  bachelor: 'a bachelor’s degree',
  master: 'a master’s degree',
};

function budgetCheck(
  course: EligibilityCourse,
  answers: DiscoverAnswers,
  rates: CurrencyRates,
): Check | null {
  if (answers.budget === undefined) return null;
  const currency = answers.currency ?? course.tuitionCurrency;
  const cost = convertMoney(course.tuitionAnnual, course.tuitionCurrency, currency, rates);
  if (cost === null) return { topic: 'budget', status: 'unknown', text: 'tuition could not be converted' };
  const yearly = formatMoney(cost, currency);
  if (cost <= answers.budget)
    return {
      topic: 'budget',
      status: 'met',
      text: `within budget: ${yearly} a year ≤ ${formatMoney(answers.budget, currency)}`,
    };
  return {
    topic: 'budget',
    status: 'missing',
    text: `over budget by ${formatMoney(cost - answers.budget, currency)} a year (${yearly})`,
  };
}

function gradeCheck(course: EligibilityCourse, grade: number | undefined): Check | null {
  const min = course.minGradePercent;
  if (min === null) return null;
  if (grade === undefined)
    return { topic: 'grade', status: 'unknown', text: `asks for an average grade of ${min}%` };
  return grade >= min
    ? { topic: 'grade', status: 'met', text: `grade ${grade}% ≥ ${min}% required` }
    : { topic: 'grade', status: 'missing', text: `needs an average grade of ${min}% — you have ${grade}%` };
}

function priorCheck(course: EligibilityCourse, prior: PriorLevel | undefined): Check | null {
  const required = course.requiredPriorLevel;
  if (!required) return null;
  const needs = PRIOR_NAMES[required];
  if (!prior) return { topic: 'prior', status: 'unknown', text: `asks for ${needs}` };
  return PRIOR_RANK[prior] >= PRIOR_RANK[required]
    ? { topic: 'prior', status: 'met', text: `you have completed ${needs} or more` }
    : { topic: 'prior', status: 'missing', text: `needs ${needs} — you have ${PRIOR_NAMES[prior]}` };
}

function startCheck(course: EligibilityCourse, start: number | undefined): Check | null {
  if (start === undefined) return null;
  const wanted = MONTH_NAMES[start - 1] ?? '';
  if (course.intakeMonths.includes(start))
    return { topic: 'start', status: 'met', text: `starts in ${wanted}` };
  const offered = course.intakeMonths.map((month) => MONTH_NAMES[month - 1]).join(', ');
  return {
    topic: 'start',
    status: 'missing',
    text: offered ? `no ${wanted} start — starts in ${offered}` : 'no open intake at the moment',
  };
}

function preferenceChecks(course: EligibilityCourse, answers: DiscoverAnswers): Check[] {
  const checks: Check[] = [];
  if (answers.level)
    checks.push({
      topic: 'level',
      status: answers.level === course.level ? 'met' : 'missing',
      text: `${levelLabel(course.level)} level`,
    });
  if (answers.field)
    checks.push({
      topic: 'field',
      status: answers.field === course.field ? 'met' : 'missing',
      text: `${course.field}, your field`,
    });
  if (answers.country.length)
    checks.push({
      topic: 'country',
      status: answers.country.includes(course.countryCode) ? 'met' : 'missing',
      text: `in one of your countries (${course.countryCode})`,
    });
  return checks;
}

/**
 * Explains how a course fits a visitor's answers: every check says what matched or what is
 * missing in plain words, and the score is the weighted share of checks met (unknowns count half).
 */
export function assessEligibility(
  course: EligibilityCourse,
  answers: DiscoverAnswers,
  rates: CurrencyRates,
): Eligibility {
  const test: EnglishTest | undefined = answers.test;
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
