import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { formatApproximate, formatMoney } from '../../lib/format-money.ts';
import type { CourseDetail } from './course-detail.server.ts';
import { listEnglishMinimums } from './english-check.ts';
import { firstYearCost } from './first-year-cost.ts';
import { formatDay } from '../../lib/format-day.ts';
import { nextOpenIntake, todayUtc } from './intake-availability.ts';
import { durationLabel, levelLabel, MODE_LABELS } from './labels.ts';
import { livingMonthLine, livingSourceLine } from './living-cost-text.ts';

export interface CompareRow {
  label: string;
  values: string[];
}

function inDisplay(amount: number, currency: string, display: string, rates: CurrencyRates): string {
  const converted = convertMoney(amount, currency, display, rates);
  if (converted === null) return formatMoney(amount, currency);
  return currency === display ? formatMoney(amount, currency) : formatApproximate(converted, display);
}

function costOf(course: CourseDetail, display: string, rates: CurrencyRates) {
  return firstYearCost(
    {
      tuitionAnnual: course.tuition_annual,
      tuitionCurrency: course.tuition_currency,
      applicationFee: course.application_fee,
      applicationFeeCurrency: course.application_fee_currency,
      livingCost: course.living_cost,
    },
    display,
    rates,
  );
}

/** The soonest deadline still open to applicants, saying when the intake's places are all taken. */
function nextDeadline(course: CourseDetail, today: string): string {
  const next = nextOpenIntake(course.intakes, today);
  if (!next) return 'No open intake';
  const deadline = formatDay(next.intake.deadline);
  return next.availability.kind === 'full' ? `${deadline} (full — waiting list)` : deadline;
}

/** The comparison table, costs first, each in the visitor's currency (local amount alongside). */
export function compareRows(
  courses: readonly CourseDetail[],
  display: string,
  rates: CurrencyRates,
  today: string = todayUtc(),
): CompareRow[] {
  const row = (label: string, value: (course: CourseDetail) => string): CompareRow => ({
    label,
    values: courses.map(value),
  });
  return [
    row(`Total first-year cost (${display})`, (c) => {
      const total = costOf(c, display, rates)?.total;
      return total === null || total === undefined ? 'Not available' : formatApproximate(total, display);
    }),
    row(`Tuition a year (${display})`, (c) => {
      const local = formatMoney(c.tuition_annual, c.tuition_currency);
      const shown = inDisplay(c.tuition_annual, c.tuition_currency, display, rates);
      return c.tuition_currency === display ? local : `${shown} (${local})`;
    }),
    row('Living costs a year (estimate)', (c) => {
      const living = costOf(c, display, rates)?.living;
      if (living === null || living === undefined || !c.living_cost) return 'Not available';
      return `${formatApproximate(living, display)} (${livingMonthLine(c.living_cost)})`;
    }),
    row('Living costs source', (c) =>
      c.living_cost ? livingSourceLine(c.living_cost) : 'No figure for this city yet',
    ),
    row('Application fee', (c) =>
      c.application_fee === 0
        ? 'None'
        : inDisplay(c.application_fee, c.application_fee_currency ?? c.tuition_currency, display, rates),
    ),
    row('University', (c) => `${c.universities.name}, ${c.universities.city}`),
    row('Level', (c) => levelLabel(c.level)),
    row(
      'Duration',
      (c) => `${durationLabel(c.duration_months)}, ${MODE_LABELS[c.study_mode] ?? c.study_mode}`,
    ),
    row(
      'English requirement',
      (c) =>
        listEnglishMinimums({
          minIelts: c.min_ielts,
          minToefl: c.min_toefl,
          minPte: c.min_pte,
          minDuolingo: c.min_duolingo,
        }) || 'None listed',
    ),
    row('Academic requirement', (c) =>
      c.min_grade_percent === null ? 'See course page' : `Average grade of ${c.min_grade_percent}% or more`,
    ),
    row('Next deadline', (c) => nextDeadline(c, today)),
  ];
}
