/** Currencies a visitor can choose to see amounts in (those the catalogue has rates for). */
export const DISPLAY_CURRENCIES = ['GBP', 'USD', 'EUR', 'CAD', 'AUD', 'NZD'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const CURRENCY_COOKIE = 'unipath_currency';

const BY_REGION: Readonly<Record<string, DisplayCurrency>> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
};
const EURO_REGIONS = new Set(['IE', 'DE', 'FR', 'NL', 'ES', 'IT', 'PT', 'BE', 'AT', 'FI', 'GR']);

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** The visitor's first preferred language with a region decides; GBP when nothing fits. */
export function currencyForLocale(acceptLanguage: string | null | undefined): DisplayCurrency {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim() ?? '';
  const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(first)?.[1]?.toUpperCase();
  if (!region) return 'GBP';
  if (EURO_REGIONS.has(region)) return 'EUR';
  return BY_REGION[region] ?? 'USD';
}

/** An explicit choice (query or cookie) wins over the locale guess. */
export function resolveDisplayCurrency(
  ...candidates: readonly (string | null | undefined)[]
): DisplayCurrency | undefined {
  return candidates.map((value) => value?.toUpperCase()).find(isDisplayCurrency);
}
