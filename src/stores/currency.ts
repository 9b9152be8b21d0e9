import { atom } from 'nanostores';

/** Mirrors the display-currency cookie the server renders prices with. */
export const CURRENCY_COOKIE_NAME = 'unipath_currency';
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The currency amounts are converted into; seeded from the server's choice for this page. */
export const $currency = atom<string>('GBP');

export function seedCurrency(code: string): void {
  if (typeof window === 'undefined') return;
  $currency.set(code);
}

/** Remembers a choice for later visits (the server reads the same cookie) and applies it here. */
export function chooseCurrency(code: string): void {
  if (!/^[A-Z]{3}$/.test(code)) return;
  document.cookie = `${CURRENCY_COOKIE_NAME}=${code}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
  $currency.set(code);
}
