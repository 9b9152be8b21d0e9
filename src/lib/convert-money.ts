/** One unit of a currency in US dollars, and the day that rate is from. */
export interface CurrencyRate {
  rateToUsd: number;
  asOf: string;
}

export type CurrencyRates = Readonly<Record<string, CurrencyRate>>;

/**
 * Converts through US dollars with the newest rates; null when either currency has no rate, so
 * callers show the local amount alone rather than a wrong figure.
 */
export function convertMoney(amount: number, from: string, to: string, rates: CurrencyRates): number | null {
  if (from === to) return amount;
  const source = rates[from];
  const target = rates[to];
  if (!source || !target || target.rateToUsd <= 0) return null;
  return Math.round(((amount * source.rateToUsd) / target.rateToUsd) * 100) / 100;
}

/** The oldest date among the rates used for a conversion, to say how fresh the figure is. */
export function rateDate(rates: CurrencyRates, currencies: readonly string[]): string | null {
  const dates = currencies.map((code) => rates[code]?.asOf).filter((date): date is string => Boolean(date));
  return dates.length ? (dates.sort()[0] ?? null) : null;
}
