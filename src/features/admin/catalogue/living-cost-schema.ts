import { z } from 'zod';
import {
  checkboxRule,
  countryCodeRule,
  currencyRule,
  requiredDay,
  requiredNumber,
  requiredText,
} from './field-rules.ts';

/** The highest monthly figure public.living_costs accepts (numeric(10, 2), below 100,000). */
export const MAX_MONTHLY_AMOUNT = 99_999.99;

/** The living cost form, mirroring public.living_costs' check constraints. */
export const livingCostFormSchema = z.object({
  city: requiredText('City', 1, 120),
  country_code: countryCodeRule,
  monthly_amount: requiredNumber('Monthly amount', { min: 0.01, max: MAX_MONTHLY_AMOUNT, places: 2 }),
  currency: currencyRule,
  as_of: requiredDay('Date of the figure'),
  source_note: requiredText('Source', 3, 300),
  verified: checkboxRule,
});
export type LivingCostFormInput = z.infer<typeof livingCostFormSchema>;

export const LIVING_COST_LABELS = {
  city: 'City',
  country_code: 'Country',
  monthly_amount: 'Monthly amount',
  currency: 'Currency',
  as_of: 'Date of the figure',
  source_note: 'Source',
  verified: 'Checked against the source today',
} as const;
