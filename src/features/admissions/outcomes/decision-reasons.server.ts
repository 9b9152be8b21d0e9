import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** A reason administrators keep for a negative outcome, in the words the applicant reads. */
export interface DecisionReason {
  id: string;
  outcome: string;
  public_wording: string;
}

/**
 * The reasons staff may choose now (retired ones are kept for history but not offered), by outcome
 * in list order, as a query whose failure the caller decides about.
 */
export function activeReasonsQuery(supabase: SupabaseClient<Database>) {
  return supabase
    .from('decision_reasons')
    .select('id, outcome, public_wording')
    .eq('active', true)
    .order('outcome')
    .order('position')
    .order('public_wording');
}

/** The reasons staff may choose now; a failure is an error, since a decision form needs them. */
export async function listActiveReasons(supabase: SupabaseClient<Database>): Promise<DecisionReason[]> {
  const { data, error } = await activeReasonsQuery(supabase);
  if (error) throw new Error(`reading decision reasons failed: ${error.message}`);
  return data ?? [];
}
