/**
 * Our estimate of a single student's yearly living costs (rent, food, transport) by country, in
 * the local currency. Shown labelled as an estimate; universities publish their own guidance.
 */
const LIVING_COSTS: Readonly<Record<string, { amount: number; currency: string }>> = {
  GB: { amount: 13_500, currency: 'GBP' },
  IE: { amount: 13_000, currency: 'EUR' },
  NL: { amount: 13_000, currency: 'EUR' },
  DE: { amount: 11_500, currency: 'EUR' },
  FR: { amount: 12_000, currency: 'EUR' },
  ES: { amount: 10_500, currency: 'EUR' },
  IT: { amount: 11_000, currency: 'EUR' },
  US: { amount: 20_000, currency: 'USD' },
  CA: { amount: 22_000, currency: 'CAD' },
  AU: { amount: 29_700, currency: 'AUD' },
  NZ: { amount: 24_000, currency: 'NZD' },
};

export function livingCostFor(countryCode: string): { amount: number; currency: string } | null {
  return LIVING_COSTS[countryCode] ?? null;
}
