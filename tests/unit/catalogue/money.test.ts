import { describe, expect, it } from 'vitest';
import { convertMoney, rateDate } from '../../../src/lib/convert-money.ts';
import {
  currencyForLocale,
  currencyOptionLabel,
  DISPLAY_CURRENCIES,
  offeredCurrencies,
  resolveDisplayCurrency,
} from '../../../src/lib/display-currency.ts';
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
    expect(formatMoney(12345.67, 'USD')).toBe('US$12,346');
  });

  it('never lets two currencies read alike: a shared symbol gives way to a longer one or the code', () => {
    expect(formatMoney(21750, 'NZD')).toBe('NZ$21,750');
    expect(formatMoney(12980, 'USD')).toBe('US$12,980');
    expect(formatMoney(100, 'CAD')).toBe('CA$100');
    expect(formatMoney(100, 'AUD')).toBe('A$100');
    expect(formatMoney(100, 'CNY')).toBe('CN¥100');
    expect(formatMoney(100, 'JPY')).toBe('JP¥100');
    expect(formatMoney(5_000_000, 'COP').replace(/\s/g, ' ')).toBe('COP 5,000,000');
    expect(formatMoney(100, 'SEK').replace(/\s/g, ' ')).toBe('SEK 100');
    // A symbol only one currency uses stays as people write it.
    expect(formatMoney(100, 'NGN')).toBe('₦100');
    expect(formatMoney(100, 'INR')).toBe('₹100');
    expect(formatMoney(100, 'VND')).toBe('₫100');
    expect(formatMoney(100, 'GBP')).toBe('£100');
  });

  it('marks converted amounts as approximate and rounds them to a sensible step', () => {
    expect(formatApproximate(12343.9, 'USD')).toBe('≈ US$12,340');
    expect(formatApproximate(16_433_826, 'NGN')).toBe('≈ ₦16,434,000');
  });

  it('offers every currency that has a rate, named, and where applicants come from', () => {
    expect(offeredCurrencies({ GBP: 1, NGN: 1, VND: 1 }, 'USD')).toEqual(['GBP', 'USD', 'NGN', 'VND']);
    expect(currencyOptionLabel('NGN')).toBe('NGN: Nigerian Naira');
    for (const code of ['NGN', 'VND', 'COP', 'INR']) expect(DISPLAY_CURRENCIES).toContain(code);
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
    expect(currencyForLocale('hi-IN')).toBe('INR');
    expect(currencyForLocale('en-NG')).toBe('NGN');
    expect(currencyForLocale('vi-VN')).toBe('VND');
    expect(currencyForLocale('es-CO')).toBe('COP');
    expect(currencyForLocale('xx-AQ')).toBe('USD');
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
