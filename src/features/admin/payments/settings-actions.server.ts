import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import { nullableArg } from '../../../lib/supabase/rpc-args.ts';
import { done, type AdminHandler } from '../admin-action.server.ts';
import { parseForm } from '../catalogue/catalogue-post.server.ts';
import { formatMinor } from '../../payments/money.ts';
import { refusedBy } from './payment-post.server.ts';
import { feeSettingsSchema, waiverCodeActiveSchema, waiverCodeCreateSchema } from './payment-schemas.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const CODE_TAKEN = 'That code exists already.';
const CODE_GONE = failure(404, 'That code no longer exists. Reload the page.');

/**
 * How fees are collected and the published waiver codes. Administrators only: set_fee_settings
 * and row-level security refuse anyone else (42501), whatever the page shows.
 */
export function settingsHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    'save-fee-settings': async (fields) => {
      const input = parseForm(feeSettingsSchema, fields);
      if (!input.ok) return input.outcome;
      const { collect, cycle_fee_minor, cycle_fee_currency, grace_days } = input.data;
      const { error } = await supabase.rpc('set_fee_settings', {
        collect,
        cycle_fee_minor: nullableArg(cycle_fee_minor),
        cycle_fee_currency: nullableArg(cycle_fee_currency),
        grace_days,
      });
      if (error) {
        return refusedBy(error, [
          ['The grace period', 'grace_days'],
          ['A fee covering every choice', 'cycle_fee_amount'],
        ]);
      }
      const cycle =
        cycle_fee_minor !== null && cycle_fee_currency
          ? `one fee of ${formatMinor(cycle_fee_minor, cycle_fee_currency)} covers every choice`
          : 'each choice is charged its own fee';
      return done(
        `Fee settings saved: ${cycle}; ${grace_days} days' grace. They apply to applications submitted from now on.`,
      );
    },
    'add-waiver-code': async (fields) => {
      const input = parseForm(waiverCodeCreateSchema, fields);
      if (!input.ok) return input.outcome;
      const { error } = await supabase.from('fee_waiver_codes').insert(input.data);
      if (error?.code === '23505') return failure(409, CODE_TAKEN, { code: CODE_TAKEN });
      if (error) return refusedBy(error);
      return done(
        `Waiver code ${input.data.code} added: an applicant who enters it has the fee waived at once.`,
      );
    },
    'set-waiver-code-active': async (fields) => {
      const input = parseForm(waiverCodeActiveSchema, fields);
      if (!input.ok) return input.outcome;
      const { data, error } = await supabase
        .from('fee_waiver_codes')
        .update({ active: input.data.active })
        .eq('id', input.data.code_id)
        .select('code');
      if (error) return refusedBy(error);
      const code = data[0]?.code;
      if (!code) return CODE_GONE;
      return done(
        input.data.active
          ? `Waiver code ${code} is active again.`
          : `Waiver code ${code} deactivated: applicants can no longer use it.`,
      );
    },
  };
}
