import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { formatMoney } from '../../lib/format-money.ts';
import type { Scholarship } from './types.ts';

/** "£3,000 a year", "50% of the tuition", "€5,000 once". */
export function describeAward(scholarship: Pick<Scholarship, 'award' | 'awardPeriod'>): string {
  const { award, awardPeriod } = scholarship;
  if (award.kind === 'percentage') {
    return award.percentage === 100 ? 'Full tuition' : `${award.percentage}% of the tuition`;
  }
  return `${formatMoney(award.amount, award.currency)}${awardPeriod === 'year' ? ' a year' : ' in total'}`;
}

export interface Reduction {
  scholarship: Scholarship;
  /** What it takes off the first year, in the tuition's currency. */
  amount: number;
}

/**
 * The largest first-year reduction among scholarships (each capped at the year's tuition), in the
 * tuition's currency; null when none can be worked out (no rate for a currency, nothing listed).
 */
export function largestReduction(
  scholarships: readonly Scholarship[],
  tuition: { annual: number; currency: string },
  rates: CurrencyRates,
): Reduction | null {
  let best: Reduction | null = null;
  for (const scholarship of scholarships) {
    const { award } = scholarship;
    const raw =
      award.kind === 'percentage'
        ? (tuition.annual * award.percentage) / 100
        : convertMoney(award.amount, award.currency, tuition.currency, rates);
    if (raw === null || raw <= 0) continue;
    const amount = Math.min(Math.round(raw * 100) / 100, tuition.annual);
    if (!best || amount > best.amount) best = { scholarship, amount };
  }
  return best;
}
