import { describe, expect, it } from 'vitest';
import { convertMoney, rateDate } from '../../../src/lib/convert-money.ts';
import { currencyForLocale, resolveDisplayCurrency } from '../../../src/lib/display-currency.ts';
import { formatApproximate, formatMoney } from '../../../src/lib/format-money.ts';
import { firstYearCost } from '../../../src/features/catalogue/first-year-cost.ts';

const rates = {
  GBP: { rateToUsd: 1.268, asOf: '2026-11-20' },
  EUR: { rateToUsd: 1.0825, asOf: '2026-11-19' },
  USD: { rateToUsd: 1, asOf: '2026-11-20' },
};

describe('money', () => {
  it('formats whole amounts without cents and small ones with them', () => {
    expect(formatMoney(13100, 'GBP')).toBe('£13,100');
    expect(formatMoney(45.5, 'EUR')).toBe('€45.50');
    expect(formatMoney(12345.67, 'USD')).toBe('$12,346');
  });

  it('marks converted amounts as approximate and rounds them to tens', () => {
    expect(formatApproximate(12343.9, 'USD')).toBe('≈ $12,340');
  });

  it('converts through dollars with the newest rates and refuses unknown currencies', () => {
    expect(convertMoney(1000, 'GBP', 'USD', rates)).toBe(1268);
    expect(convertMoney(1000, 'GBP', 'EUR', rates)).toBeCloseTo(1171.36, 2);
    expect(convertMoney(1000, 'GBP', 'GBP', rates)).toBe(1000);
    expect(convertMoney(1000, 'JPY', 'USD', rates)).toBeNull();
  });

  it('dates a conversion by the older of its rates', () => {
    expect(rateDate(rates, ['GBP', 'EUR'])).toBe('2026-11-19');
  });

  it('guesses a display currency from the language and prefers an explicit choice', () => {
    expect(currencyForLocale('en-US,en;q=0.9')).toBe('USD');
    expect(currencyForLocale('de-DE')).toBe('EUR');
    expect(currencyForLocale('en')).toBe('GBP');
    expect(currencyForLocale('hi-IN')).toBe('USD');
    expect(resolveDisplayCurrency('xyz', 'eur')).toBe('EUR');
    expect(resolveDisplayCurrency(undefined, null)).toBeUndefined();
  });

  it('adds tuition, estimated living costs and the fee for the first year', () => {
    const cost = firstYearCost(
      {
        tuitionAnnual: 13100,
        tuitionCurrency: 'GBP',
        applicationFee: 50,
        applicationFeeCurrency: 'GBP',
        livingCost: { monthlyAmount: 1090, currency: 'GBP' },
      },
      'GBP',
      rates,
    );
    expect(cost).toEqual({
      currency: 'GBP',
      tuition: 13100,
      living: 13080,
      applicationFee: 50,
      total: 26230,
    });
  });

  it('gives no total when the city has no living-cost figure', () => {
    const cost = firstYearCost(
      {
        tuitionAnnual: 13100,
        tuitionCurrency: 'GBP',
        applicationFee: 0,
        applicationFeeCurrency: null,
        livingCost: null,
      },
      'GBP',
      rates,
    );
    expect(cost).toMatchObject({ living: null, total: null });
  });
});
