import { convertMoney, type CurrencyRates } from '../../lib/convert-money.ts';
import { yearlyLiving, type LivingCost } from './living-costs.ts';

export interface CostInput {
  tuitionAnnual: number;
  tuitionCurrency: string;
  applicationFee: number;
  applicationFeeCurrency: string | null;
  /** The living costs of the university's city, or null when we have no figure for it. */
  livingCost: Pick<LivingCost, 'monthlyAmount' | 'currency'> | null;
}

export interface FirstYearCost {
  currency: string;
  tuition: number;
  /** A year of living costs in the city (twelve months), converted. */
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
  const estimate = course.livingCost;
  const living = estimate ? convertMoney(yearlyLiving(estimate), estimate.currency, currency, rates) : null;
  const total = living === null ? null : Math.round((tuition + living + fee) * 100) / 100;
  return { currency, tuition, living, applicationFee: fee, total };
}
