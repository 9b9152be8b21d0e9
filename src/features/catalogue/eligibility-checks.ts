import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { formatMoney } from '../../lib/format-money.ts';
import type { DiscoverAnswers, PriorLevel } from './discover-schema.ts';
import type { Check, EligibilityCourse } from './eligibility.ts';
import { levelLabel, MONTH_NAMES } from './labels.ts';

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

export function budgetCheck(
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

/** The highest of the levels given, or undefined when none is. */
export function highestPriorLevel(levels: readonly PriorLevel[]): PriorLevel | undefined {
  return [...levels].sort((a, b) => PRIOR_RANK[b] - PRIOR_RANK[a])[0];
}

export function gradeCheck(
  course: Pick<EligibilityCourse, 'minGradePercent'>,
  grade: number | undefined,
): Check | null {
  const min = course.minGradePercent;
  if (min === null) return null;
  if (grade === undefined)
    return { topic: 'grade', status: 'unknown', text: `asks for an average grade of ${min}%` };
  return grade >= min
    ? { topic: 'grade', status: 'met', text: `grade ${grade}% ≥ ${min}% required` }
    : { topic: 'grade', status: 'missing', text: `needs an average grade of ${min}% — you have ${grade}%` };
}

export function priorCheck(
  course: Pick<EligibilityCourse, 'requiredPriorLevel'>,
  prior: PriorLevel | undefined,
): Check | null {
  const required = course.requiredPriorLevel;
  if (!required) return null;
  const needs = PRIOR_NAMES[required];
  if (!prior) return { topic: 'prior', status: 'unknown', text: `asks for ${needs}` };
  return PRIOR_RANK[prior] >= PRIOR_RANK[required]
    ? { topic: 'prior', status: 'met', text: `you have completed ${needs} or more` }
    : { topic: 'prior', status: 'missing', text: `needs ${needs} — you have ${PRIOR_NAMES[prior]}` };
}

export function startCheck(course: EligibilityCourse, start: number | undefined): Check | null {
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

export function preferenceChecks(course: EligibilityCourse, answers: DiscoverAnswers): Check[] {
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
