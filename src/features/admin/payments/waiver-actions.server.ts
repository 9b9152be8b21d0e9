import type { SupabaseClient } from '@supabase/supabase-js';
import { done, type AdminHandler } from '../admin-action.server.ts';
import { parseForm } from '../catalogue/catalogue-post.server.ts';
import { refusedBy } from './payment-post.server.ts';
import { waiverDecisionSchema } from './payment-schemas.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/**
 * Granting or refusing a waiver request, from the payments list or an invoice's page: one code
 * path. decide_fee_waiver checks the office covers the invoice and the version the form showed.
 */
export function waiverHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    'decide-waiver': async (fields) => {
      const input = parseForm(waiverDecisionSchema, fields);
      if (!input.ok) return input.outcome;
      const { waiver_id, version, decision, reason } = input.data;
      const { error } = await supabase.rpc('decide_fee_waiver', {
        waiver_id,
        grant_it: decision === 'grant',
        reason,
        expected_version: version,
      });
      if (error) return refusedBy(error, [['Say why', 'reason']]);
      return done(
        decision === 'grant'
          ? 'Waiver granted: the fee is covered and the applicant is told why.'
          : 'Waiver refused: the applicant is told why, and the fee stays due.',
      );
    },
  };
}
