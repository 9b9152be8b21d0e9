import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatMinor,
  minorToText,
  parseMinor,
} from '../../../src/features/payments/money.ts';

describe('an amount typed by staff', () => {
  it('is read in the minor units of its currency', () => {
    expect(parseMinor('28.50', 'GBP')).toBe(2850);
    expect(parseMinor('28.5', 'GBP')).toBe(2850);
    expect(parseMinor('28', 'EUR')).toBe(2800);
    expect(parseMinor(' 0.07 ', 'USD')).toBe(7);
    expect(parseMinor('5000', 'JPY')).toBe(5000);
    expect(parseMinor('1.250', 'KWD')).toBe(1250);
  });

  it('may group thousands with commas, as statements write them', () => {
    expect(parseMinor('1,234.56', 'GBP')).toBe(123456);
    expect(parseMinor('5,000', 'JPY')).toBe(5000);
    expect(parseMinor('12,34.00', 'GBP')).toBeNull();
  });

  it('keeps trailing zeros beyond the currency but refuses real extra decimals', () => {
    expect(parseMinor('5000.00', 'JPY')).toBe(5000);
    expect(parseMinor('28.500', 'GBP')).toBe(2850);
    expect(parseMinor('28.505', 'GBP')).toBeNull();
    expect(parseMinor('5000.5', 'JPY')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '£28.50', '28,50', '.50', '28.', '1e3', '0x10', '28.50 GBP']) {
      expect(parseMinor(text, 'GBP'), text).toBeNull();
    }
  });

  it('is negative only where a statement allows it', () => {
    expect(parseMinor('-12.00', 'GBP')).toBeNull();
    expect(parseMinor('-12.00', 'GBP', { negative: true })).toBe(-1200);
  });

  it('stays within twelve digits of minor units', () => {
    expect(parseMinor('9999999999.99', 'GBP')).toBe(999_999_999_999);
    expect(parseMinor('10000000000.00', 'GBP')).toBeNull();
    expect(parseMinor('99999999999999999999', 'JPY')).toBeNull();
  });
});

describe('an amount shown to staff', () => {
  it('is written as money_words writes it', () => {
    expect(formatMinor(2850, 'GBP')).toBe('GBP 28.50');
    expect(formatMinor(0, 'GBP')).toBe('GBP 0.00');
    expect(formatMinor(5, 'USD')).toBe('USD 0.05');
    expect(formatMinor(5000, 'JPY')).toBe('JPY 5,000');
    expect(formatMinor(123456789, 'EUR')).toBe('EUR 1,234,567.89');
    expect(formatMinor(1250, 'KWD')).toBe('KWD 1.250');
    expect(formatMinor(-1000, 'GBP')).toBe('-GBP 10.00');
  });

  it('goes back into a form field as it would be typed, and reads back the same', () => {
    expect(minorToText(2850, 'GBP')).toBe('28.50');
    expect(minorToText(7, 'GBP')).toBe('0.07');
    expect(minorToText(500000, 'JPY')).toBe('500000');
    expect(minorToText(-1200, 'GBP')).toBe('-12.00');
    for (const [minor, currency] of [
      [1, 'GBP'],
      [99_999_999_999, 'EUR'],
      [42, 'JPY'],
      [123_456, 'BHD'],
    ] as const) {
      expect(parseMinor(minorToText(minor, currency), currency)).toBe(minor);
    }
  });

  it('uses the database’s exponents', () => {
    expect([currencyExponent('GBP'), currencyExponent('JPY'), currencyExponent('KRW')]).toEqual([2, 0, 0]);
    expect([currencyExponent('KWD'), currencyExponent('TND'), currencyExponent('XYZ')]).toEqual([3, 3, 2]);
  });
});
