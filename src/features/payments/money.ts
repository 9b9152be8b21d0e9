/** How many decimals a currency's minor unit has, as Intl knows it (GBP 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units as people read it: "GBP 28.50", "JPY 5,000", "-GBP 10.00". */
export function formatMinor(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  const major = Math.abs(amountMinor) / 10 ** digits;
  const text = major.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${amountMinor < 0 ? '-' : ''}${currency} ${text}`;
}
