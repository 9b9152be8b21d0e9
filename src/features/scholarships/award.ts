import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { formatMoney } from '../../lib/format-money.ts';
import type { PaysTowards, Scholarship } from './types.ts';

const TOWARDS: Readonly<Record<PaysTowards, string>> = {
  tuition: 'towards tuition',
  living: 'towards living costs',
  tuition_and_living: 'towards tuition and living costs',
};

/** "£3,000 a year towards tuition", "50% of the tuition", "€3,600 a year towards living costs". */
export function describeAward(
  scholarship: Pick<Scholarship, 'award' | 'awardPeriod' | 'paysTowards'>,
): string {
  const { award, awardPeriod, paysTowards } = scholarship;
  if (award.kind === 'percentage') {
    const share = award.percentage === 100 ? 'Full tuition' : `${award.percentage}% of the tuition`;
    return paysTowards === 'tuition_and_living' ? `${share}, with a living allowance` : share;
  }
  const period = awardPeriod === 'year' ? ' a year' : ' in total';
  return `${formatMoney(award.amount, award.currency)}${period} ${TOWARDS[paysTowards]}`;
}

export interface Reduction {
  scholarship: Scholarship;
  /** What it takes off the first year, in the tuition's currency. */
  amount: number;
}

/**
 * The largest first-year tuition reduction among scholarships (each capped at the year's tuition), in the
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
    // An award for living costs takes nothing off the fees.
    if (scholarship.paysTowards === 'living') continue;
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
