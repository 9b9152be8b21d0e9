import type { SupabaseClient } from '@supabase/supabase-js';
import { isReasonOutcome, REASON_OUTCOMES, type ReasonOutcome } from './reason-schemas.ts';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';

export interface ReasonRow extends Pick<
  Tables<'decision_reasons'>,
  'id' | 'public_wording' | 'active' | 'position' | 'version'
> {
  outcome: ReasonOutcome;
  /** Whether any decision gave this reason: such a reason is retired, never deleted. */
  used: boolean;
}

/** Every reason by outcome, in the order decision forms list them; null when they cannot be read. */
export async function listReasons(
  supabase: SupabaseClient<Database>,
): Promise<Record<ReasonOutcome, ReasonRow[]> | null> {
  const { data, error } = await supabase
    .from('decision_reasons')
    .select('id, outcome, public_wording, active, position, version, application_decisions(id)')
    .order('position')
    .order('public_wording')
    .limit(1, { referencedTable: 'application_decisions' });
  if (error) {
    console.error('Reading the decision reasons failed', error.message);
    return null;
  }
  const grouped = Object.fromEntries(
    REASON_OUTCOMES.map((outcome) => [outcome, [] as ReasonRow[]]),
  ) as Record<ReasonOutcome, ReasonRow[]>;
  for (const { application_decisions: uses, outcome, ...row } of data ?? []) {
    // A check constraint keeps outcome to the reason outcomes.
    if (isReasonOutcome(outcome)) grouped[outcome].push({ ...row, outcome, used: uses.length > 0 });
  }
  return grouped;
}
