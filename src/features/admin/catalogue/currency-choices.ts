import type { Choice } from './options.ts';

/** The currencies to offer, keeping a stored code the rates table no longer lists. */
export function currencyChoices(currencies: readonly string[], current: string | undefined): Choice[] {
  const codes = new Set(currencies);
  if (current && /^[A-Z]{3}$/.test(current)) codes.add(current);
  return [...codes].sort().map((code) => ({ value: code, label: code }));
}
