/** Money as people read it: symbol and grouping from the locale, no cents on whole amounts. */
export function formatMoney(amount: number, currency: string, locale = 'en-GB'): string {
  const whole = Number.isInteger(amount) || Math.abs(amount) >= 1000;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(whole ? Math.round(amount) : amount);
  } catch {
    return `${currency} ${Math.round(amount).toLocaleString(locale)}`;
  }
}

/** "≈ $12,340": a converted figure, rounded to a sensible precision for an estimate. */
export function formatApproximate(amount: number, currency: string, locale = 'en-GB'): string {
  const step = Math.abs(amount) >= 1000 ? 10 : 1;
  return `≈ ${formatMoney(Math.round(amount / step) * step, currency, locale)}`;
}
