import type { SupabaseClient } from '@supabase/supabase-js';
import { REASON_OUTCOMES, type ReasonOutcome } from './reason-schemas.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface ReasonRow {
  id: string;
  outcome: ReasonOutcome;
  public_wording: string;
  active: boolean;
  position: number;
  version: number;
  /** Whether any decision gave this reason: such a reason is retired, never deleted. */
  used: boolean;
}

interface StoredReason extends Omit<ReasonRow, 'used'> {
  application_decisions: { id: string }[];
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
  for (const { application_decisions: uses, ...row } of (data ?? []) as StoredReason[]) {
    grouped[row.outcome].push({ ...row, used: uses.length > 0 });
  }
  return grouped;
}
