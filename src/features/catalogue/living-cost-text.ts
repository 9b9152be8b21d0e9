import { formatDay } from '../../lib/format-day.ts';
import { formatMoney } from '../../lib/format-money.ts';
import type { LivingCost } from './living-costs.ts';

/** "£1,090 a month in Leeds, as of 1 September 2026" */
export function livingMonthLine(cost: LivingCost): string {
  return `${formatMoney(cost.monthlyAmount, cost.currency)} a month in ${cost.city}, as of ${formatDay(cost.asOf)}`;
}

/** "Source: …; last verified 2 November 2026" (or "not yet verified"). */
export function livingSourceLine(cost: LivingCost): string {
  const verified = cost.lastVerifiedAt
    ? `last verified ${formatDay(cost.lastVerifiedAt)}`
    : 'not yet verified';
  return `Source: ${cost.sourceNote}; ${verified}`;
}
