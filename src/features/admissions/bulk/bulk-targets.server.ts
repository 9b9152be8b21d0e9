import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReleaseIntake } from '../release/decision-release.ts';
import { loadOpenDecisions, type OpenDecision } from '../release/open-decisions.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** A selected application as a bulk change sees it: enough to say what will happen and to apply it. */
export interface BulkTarget {
  id: string;
  reference: string;
  status: string;
  version: number;
  assigned_to: string | null;
  /** The date an open offer must be answered by. */
  reply_by: string | null;
  applicant_name: string | null;
  intake_id: string;
  intake: ReleaseIntake & { term: string };
  decision: OpenDecision | null;
}

const COLUMNS = `id, reference, status, version, assigned_to, reply_by, intake_id,
  applicant_name:answers->personal->>full_name, intake:intakes!inner(term, status, release_mode)`;

/**
 * The submitted applications among `ids` with their open decisions, by id; drafts and unknown ids
 * are absent. Two queries, whatever the size of the selection.
 */
export async function loadBulkTargets(
  supabase: SupabaseClient<Database>,
  ids: readonly string[],
): Promise<Map<string, BulkTarget>> {
  if (ids.length === 0) return new Map();
  const [{ data, error }, decisions] = await Promise.all([
    supabase
      .from('applications')
      .select(COLUMNS)
      .in('id', [...ids])
      .neq('status', 'draft'),
    loadOpenDecisions(supabase, ids),
  ]);
  if (error) throw new Error(`reading the selected applications failed: ${error.message}`);
  const rows = (data ?? []) as unknown as Omit<BulkTarget, 'decision'>[];
  return new Map(rows.map((row) => [row.id, { ...row, decision: decisions.get(row.id) ?? null }]));
}
