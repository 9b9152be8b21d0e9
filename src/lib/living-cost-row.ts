/** A row of public.living_costs as PostgREST returns it (numeric columns may come as strings). */
export interface LivingCostRow {
  city: string;
  country_code: string;
  monthly_amount: number | string;
  currency: string;
  as_of: string;
  source_note: string;
  last_verified_at: string | null;
}

/** The columns of a LivingCostRow, for select(). */
export const LIVING_COST_COLUMNS =
  'city, country_code, monthly_amount, currency, as_of, source_note, last_verified_at';
