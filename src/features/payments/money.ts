/**
 * Amounts in the integer minor units the ledger stores (pence, cents, yen), with the exponents of
 * public.currency_exponent, so what staff type and what the database writes in letters
 * (money_words) agree to the last digit.
 */

const NO_DECIMALS = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** The most minor units one amount may hold: twelve digits, as the statement import reads them. */
export const MAX_MINOR = 999_999_999_999;

/** How many decimals the currency's minor unit has: 0 for yen, 3 for dinars, else 2. */
export function currencyExponent(currency: string): number {
  if (NO_DECIMALS.has(currency)) return 0;
  return THREE_DECIMALS.has(currency) ? 3 : 2;
}

const AMOUNT = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * "28.50" in GBP as 2850, "5,000" in JPY as 5000; a minus sign only when `negative` allows it.
 * Null when the text is not an amount, has more decimals than the currency (other than trailing
 * zeros: "5000.00" yen is 5000), or is larger than MAX_MINOR.
 */
export function parseMinor(
  text: string,
  currency: string,
  options: { negative?: boolean } = {},
): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (sign && !options.negative) return null;
  const exponent = currencyExponent(currency);
  if (/[^0]/.test(fraction.slice(exponent))) return null;
  const digits = `${whole.replaceAll(',', '')}${fraction.slice(0, exponent).padEnd(exponent, '0')}`;
  const minor = Number(digits.replace(/^0+(?=\d)/, ''));
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) return null;
  return sign ? -minor : minor;
}

/** An amount as a form field holds it, without grouping: 2850 GBP as "28.50", 5000 JPY as "5000". */
export function minorToText(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const text = exponent === 0 ? whole : `${whole}.${digits.slice(-exponent)}`;
  return minor < 0 ? `-${text}` : text;
}

const grouping = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0, useGrouping: true });

/**
 * An amount as people read it, as money_words writes it: "GBP 28.50", "JPY 5,000", "-GBP 10.00".
 * Whole units are grouped with a cached formatter; the digits themselves never pass through a float.
 */
export function formatMinor(minor: number, currency: string): string {
  const [whole = '0', fraction] = minorToText(Math.abs(minor), currency).split('.');
  const grouped = grouping.format(BigInt(whole));
  return `${minor < 0 ? '-' : ''}${currency} ${fraction === undefined ? grouped : `${grouped}.${fraction}`}`;
}
