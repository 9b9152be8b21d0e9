import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { formatApproximate, formatMoney } from '../../lib/format-money.ts';

export interface MoneyProps {
  amount: number;
  currency: string;
  display: string;
  rates: CurrencyRates;
  suffix?: string;
}

/** The amount in its own currency, then "≈ converted" in the visitor's when they differ. */
export default function Money({ amount, currency, display, rates, suffix = '' }: MoneyProps) {
  const converted = currency === display ? null : convertMoney(amount, currency, display, rates);
  return (
    <span>
      <span className="font-semibold text-ink-900">{formatMoney(amount, currency)}</span>
      {suffix}
      {converted !== null && <span className="text-ink-600"> ({formatApproximate(converted, display)})</span>}
    </span>
  );
}
