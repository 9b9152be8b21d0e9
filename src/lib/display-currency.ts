/**
 * Currencies a visitor can choose to see amounts in: those of the countries we list courses in, then
 * those of the countries applicants come from. The picker offers the ones the rates table has a rate
 * for, so adding a rate there (and its code here) is all a new currency needs.
 */
export const DISPLAY_CURRENCIES = [
  'GBP',
  'EUR',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'AED',
  'BDT',
  'BRL',
  'CHF',
  'CNY',
  'COP',
  'DKK',
  'EGP',
  'ETB',
  'GHS',
  'HKD',
  'IDR',
  'INR',
  'JPY',
  'KES',
  'KRW',
  'KZT',
  'LKR',
  'MAD',
  'MXN',
  'MYR',
  'NGN',
  'NOK',
  'NPR',
  'PHP',
  'PKR',
  'PLN',
  'SAR',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'UAH',
  'VND',
  'ZAR',
] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const CURRENCY_COOKIE = 'unipath_currency';

const BY_REGION: Readonly<Record<string, DisplayCurrency>> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  AE: 'AED',
  BD: 'BDT',
  BR: 'BRL',
  CH: 'CHF',
  CN: 'CNY',
  CO: 'COP',
  DK: 'DKK',
  EG: 'EGP',
  ET: 'ETB',
  GH: 'GHS',
  HK: 'HKD',
  ID: 'IDR',
  IN: 'INR',
  JP: 'JPY',
  KE: 'KES',
  KR: 'KRW',
  KZ: 'KZT',
  LK: 'LKR',
  MA: 'MAD',
  MX: 'MXN',
  MY: 'MYR',
  NG: 'NGN',
  NO: 'NOK',
  NP: 'NPR',
  PH: 'PHP',
  PK: 'PKR',
  PL: 'PLN',
  SA: 'SAR',
  SE: 'SEK',
  SG: 'SGD',
  TH: 'THB',
  TR: 'TRY',
  UA: 'UAH',
  VN: 'VND',
  ZA: 'ZAR',
};
const EURO_REGIONS = new Set([
  'IE',
  'DE',
  'FR',
  'NL',
  'ES',
  'IT',
  'PT',
  'BE',
  'AT',
  'FI',
  'GR',
  'LU',
  'SK',
  'SI',
  'EE',
  'LV',
  'LT',
  'MT',
  'CY',
  'HR',
]);

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

const names = new Intl.DisplayNames('en-GB', { type: 'currency' });
/** Labels already looked up: the picker lists every currency on every catalogue page. */
const labels = new Map<string, string>();

/** "NGN: Nigerian Naira", as the picker lists a currency. */
export function currencyOptionLabel(code: string): string {
  let label = labels.get(code);
  if (label === undefined) {
    const name = names.of(code);
    label = name && name !== code ? `${code}: ${name}` : code;
    if (isDisplayCurrency(code)) labels.set(code, label);
  }
  return label;
}

/** The currencies to offer: those with a rate, and the one shown now even if its rate went. */
export function offeredCurrencies(
  rates: Readonly<Record<string, unknown>>,
  shown: string,
): DisplayCurrency[] {
  return DISPLAY_CURRENCIES.filter((code) => code in rates || code === shown);
}
