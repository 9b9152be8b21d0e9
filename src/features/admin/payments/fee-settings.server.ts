import type { SupabaseClient } from '@supabase/supabase-js';
import { minorToText } from '../../payments/money.ts';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';

export type WaiverCodeRow = Pick<
  Tables<'fee_waiver_codes'>,
  'id' | 'code' | 'description' | 'active' | 'created_at'
>;

export interface FeeSettings {
  /** The settings form's fields as stored, in the shape a post sends them. */
  values: Record<string, string>;
  codes: WaiverCodeRow[];
}

/** How fees are collected and the published waiver codes (administrators only); null when unreadable. */
export async function loadFeeSettings(supabase: SupabaseClient<Database>): Promise<FeeSettings | null> {
  const [settings, codes] = await Promise.all([
    supabase
      .from('admissions_settings')
      .select('collect_fees, cycle_fee_minor, cycle_fee_currency, fee_grace_days')
      .maybeSingle(),
    supabase
      .from('fee_waiver_codes')
      .select('id, code, description, active, created_at')
      .order('active', { ascending: false })
      .order('code'),
  ]);
  if (settings.error || codes.error || !settings.data) {
    console.error('Reading the fee settings failed', settings.error?.message ?? codes.error?.message);
    return null;
  }
  const { collect_fees, cycle_fee_minor, cycle_fee_currency, fee_grace_days } = settings.data;
  return {
    values: {
      collect: collect_fees ? 'on' : '',
      cycle_fee_amount:
        cycle_fee_minor !== null && cycle_fee_currency
          ? minorToText(cycle_fee_minor, cycle_fee_currency)
          : '',
      cycle_fee_currency: cycle_fee_currency ?? '',
      grace_days: String(fee_grace_days),
    },
    codes: codes.data,
  };
}
