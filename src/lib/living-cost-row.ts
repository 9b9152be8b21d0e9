import type { RowOf } from './supabase/columns.ts';

/** The columns of public.living_costs the pages read, for select(). */
export const LIVING_COST_COLUMNS =
  'city, country_code, monthly_amount, currency, as_of, source_note, last_verified_at' as const;

/** A row of public.living_costs as the pages read it. */
export type LivingCostRow = RowOf<'living_costs', typeof LIVING_COST_COLUMNS>;
