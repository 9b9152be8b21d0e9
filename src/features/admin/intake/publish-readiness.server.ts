import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** Statuses publish_decisions counts as still needing a decision. */
const AWAITING = ['submitted', 'under_review', 'action_required'];

/** What publishing an intake's decisions would do now, as publish_decisions will judge it. */
export interface PublishReadiness {
  /** Approved decisions not released yet: all go out at once, each with its letter. */
  approved: number;
  /** Recommendations still waiting for an administrator's approval. */
  recommended: number;
  /** Applications waiting for a decision that have no approved one. */
  undecided: number;
}

async function count(query: PromiseLike<{ count: number | null; error: { message: string } | null }>) {
  const { count: n, error } = await query;
  if (error) throw new Error(`publish readiness failed: ${error.message}`);
  return n ?? 0;
}

export async function publishReadiness(
  supabase: SupabaseClient<Database>,
  intakeId: string,
): Promise<PublishReadiness> {
  const decisions = (state: string) =>
    supabase
      .from('application_decisions')
      .select('id, applications!inner(intake_id, status)', { count: 'exact', head: true })
      .eq('state', state)
      .eq('applications.intake_id', intakeId);
  const [approved, recommended, awaiting, approvedAwaiting] = await Promise.all([
    count(decisions('approved')),
    count(decisions('recommended')),
    count(
      supabase
        .from('applications')
        .select('id', { count: 'exact', head: true })
        .eq('intake_id', intakeId)
        .in('status', AWAITING),
    ),
    count(decisions('approved').in('applications.status', AWAITING)),
  ]);
  return { approved, recommended, undecided: Math.max(awaiting - approvedAwaiting, 0) };
}
