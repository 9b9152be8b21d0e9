import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { livingCostFor } from './living-costs.ts';

export interface CostInput {
  tuitionAnnual: number;
  tuitionCurrency: string;
  applicationFee: number;
  applicationFeeCurrency: string | null;
  countryCode: string;
}

export interface FirstYearCost {
  currency: string;
  tuition: number;
  living: number | null;
  applicationFee: number;
  /** Tuition + estimated living costs + application fee; null when any part cannot be converted. */
  total: number | null;
}

/** The first year's cost in one currency, each part converted with the newest rates. */
export function firstYearCost(
  course: CostInput,
  currency: string,
  rates: CurrencyRates,
): FirstYearCost | null {
  const tuition = convertMoney(course.tuitionAnnual, course.tuitionCurrency, currency, rates);
  const fee = convertMoney(
    course.applicationFee,
    course.applicationFeeCurrency ?? course.tuitionCurrency,
    currency,
    rates,
  );
  if (tuition === null || fee === null) return null;
  const estimate = livingCostFor(course.countryCode);
  const living = estimate ? convertMoney(estimate.amount, estimate.currency, currency, rates) : null;
  const total = living === null ? null : Math.round((tuition + living + fee) * 100) / 100;
  return { currency, tuition, living, applicationFee: fee, total };
}
