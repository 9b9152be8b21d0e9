import type { SupabaseClient } from '@supabase/supabase-js';
import type { DecisionOutcome } from '../outcomes/decision-outcomes.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** A decision made and not yet released (or cancelled): at most one per application. */
export interface OpenDecision {
  id: string;
  application_id: string;
  outcome: DecisionOutcome;
  state: 'recommended' | 'approved';
  from_status: string;
}

/**
 * The open decisions of these applications, in one query (application_decisions is staff-only by
 * RLS), by application id. A failure reads as "no decision" and is logged.
 */
export async function loadOpenDecisions(
  supabase: SupabaseClient<Database>,
  applicationIds: readonly string[],
): Promise<Map<string, OpenDecision>> {
  if (applicationIds.length === 0) return new Map();
  const { data, error } = await supabase
    .from('application_decisions')
    .select('id, application_id, outcome, state, from_status')
    .in('application_id', [...applicationIds])
    .in('state', ['recommended', 'approved']);
  if (error) console.error('Reading open decisions failed', error.message);
  const rows = (data ?? []) as OpenDecision[];
  return new Map(rows.map((row) => [row.application_id, row]));
}
