import type { LivingCostRow } from '../../lib/living-cost-row.ts';

/**
 * What a single student spends a month in one city (rent, food, transport, essentials), in the
 * local currency, from the living_costs table: dated, with its source and when it was last checked.
 */
export interface LivingCost {
  city: string;
  countryCode: string;
  monthlyAmount: number;
  currency: string;
  /** The date the figure describes (YYYY-MM-DD). */
  asOf: string;
  sourceNote: string;
  lastVerifiedAt: string | null;
}

/** The lookup key of a city: its country and its name, case and spacing ignored. */
export function placeKey(countryCode: string, city: string): string {
  return `${countryCode.toUpperCase()}|${city.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

/** A year of living costs (twelve months), in the figure's currency. */
export function yearlyLiving(cost: Pick<LivingCost, 'monthlyAmount'>): number {
  return Math.round(cost.monthlyAmount * 12 * 100) / 100;
}

export function toLivingCost(row: LivingCostRow): LivingCost {
  return {
    city: row.city,
    countryCode: row.country_code,
    monthlyAmount: Number(row.monthly_amount),
    currency: row.currency,
    asOf: row.as_of,
    sourceNote: row.source_note,
    lastVerifiedAt: row.last_verified_at,
  };
}
