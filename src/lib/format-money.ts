import { DISPLAY_CURRENCIES } from './display-currency.ts';

type SymbolStyle = 'narrowSymbol' | 'symbol' | 'code';

function symbolOf(currency: string, style: SymbolStyle, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: style,
    }).formatToParts(1);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

const styles = new Map<string, SymbolStyle>();

/**
 * How a currency is marked so that no two currencies read alike: its narrow symbol (£, €, ₦, ₹)
 * when no other currency we show shares it; otherwise the longer symbol (US$, NZ$, CN¥); otherwise
 * the code (COP, SEK).
 */
export function symbolStyle(currency: string, locale = 'en-GB'): SymbolStyle {
  const key = `${locale}:${currency}`;
  const known = styles.get(key);
  if (known) return known;
  const narrow = symbolOf(currency, 'narrowSymbol', locale);
  const shared = DISPLAY_CURRENCIES.some(
    (other) => other !== currency && symbolOf(other, 'narrowSymbol', locale) === narrow,
  );
  const long = symbolOf(currency, 'symbol', locale);
  const style: SymbolStyle =
    narrow !== currency && !shared
      ? 'narrowSymbol'
      : long !== narrow && long !== currency
        ? 'symbol'
        : 'code';
  styles.set(key, style);
  return style;
}

/** Formatters by locale, currency and whether cents show: a page formats hundreds of amounts in a few currencies. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const MONEY_FORMATS_KEPT = 256;

function moneyFormat(currency: string, locale: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}:${currency}:${whole ? 0 : 2}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: symbolStyle(currency, locale),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    if (moneyFormats.size >= MONEY_FORMATS_KEPT) moneyFormats.clear();
    moneyFormats.set(key, format);
  }
  return format;
}

/** Money as people read it: an unambiguous symbol or code, grouping from the locale, no cents on whole amounts. */
export function formatMoney(amount: number, currency: string, locale = 'en-GB'): string {
  const whole = Number.isInteger(amount) || Math.abs(amount) >= 1000;
  try {
    return moneyFormat(currency, locale, whole).format(whole ? Math.round(amount) : amount);
  } catch {
    return `${currency} ${Math.round(amount).toLocaleString(locale)}`;
  }
}

/** "≈ US$12,340": a converted figure, rounded to a sensible precision for an estimate. */
export function formatApproximate(amount: number, currency: string, locale = 'en-GB'): string {
  const magnitude = Math.abs(amount);
  const step = magnitude >= 1_000_000 ? 1000 : magnitude >= 1000 ? 10 : 1;
  return `≈ ${formatMoney(Math.round(amount / step) * step, currency, locale)}`;
}
