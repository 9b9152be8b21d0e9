import type { SupabaseClient } from '@supabase/supabase-js';
import type { DecisionOutcome } from '../outcomes/decision-outcomes.ts';
import { searchTerm } from '../../../lib/search-term.ts';
import type { ListQuery } from '../../../lib/supabase/list-query.ts';
import { DECISIONS_PAGE_SIZE, type DecisionsParams } from './decisions-params.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** An unreleased decision with its application, as the decisions list shows it. */
export interface UnreleasedDecision {
  id: string;
  outcome: DecisionOutcome;
  state: 'recommended' | 'approved';
  conditions: string | null;
  override_reason: string | null;
  recommended_by: string | null;
  recommended_at: string;
  approved_by: string | null;
  approved_at: string | null;
  reason: { public_wording: string } | null;
  application: {
    id: string;
    reference: string;
    status: string;
    intake_id: string;
    applicant_name: string | null;
    course: { title: string; university_name: string } | null;
    intake: { term: string; status: string; release_mode: string };
  };
}

const COLUMNS = `id, outcome, state, conditions, override_reason, recommended_by, recommended_at, approved_by,
  approved_at, reason:decision_reasons(public_wording),
  application:applications!inner(id, reference, status, intake_id, applicant_name:answers->personal->>full_name,
    course:courses(title, university_name), intake:intakes!inner(term, status, release_mode))`;

const ONE_BY_ONE = 'release_mode.eq.rolling,status.in.(decisions_published,archived)';

/** Narrows to the state asked for: awaiting approval, ready to release, or held for publishing. */
function byState(query: ListQuery, state: DecisionsParams['state']): ListQuery {
  if (state === 'awaiting') return query.eq('state', 'recommended');
  if (state === '') return query.or('state.eq.recommended,state.eq.approved');
  const approved = query.eq('state', 'approved');
  if (state === 'ready') return approved.or(ONE_BY_ONE, { referencedTable: 'application.intake' });
  return approved
    .eq('application.intake.release_mode', 'batch')
    .or('status.not.in.(decisions_published,archived)', { referencedTable: 'application.intake' });
}

/**
 * One page of the unreleased decisions (staff read them by RLS), oldest recommendation first, with
 * how many match in all; null total when the list could not be read.
 */
export async function listUnreleased(
  supabase: SupabaseClient<Database>,
  params: DecisionsParams,
): Promise<{ rows: UnreleasedDecision[]; total: number | null }> {
  const from = (params.page - 1) * DECISIONS_PAGE_SIZE;
  // A search runs in the database, which matches accents and case (staff_search_decisions).
  const search = searchTerm(params.q);
  const source = search
    ? supabase.rpc('staff_search_decisions', { search }, { count: 'exact' }).select(COLUMNS)
    : supabase.from('application_decisions').select(COLUMNS, { count: 'exact' });
  let query = byState(source as unknown as ListQuery, params.state);
  if (params.outcome) query = query.eq('outcome', params.outcome);
  if (params.intake) query = query.eq('application.intake_id', params.intake);
  const { data, count, error } = await query
    .order('recommended_at')
    .order('id')
    .range(from, from + DECISIONS_PAGE_SIZE - 1);
  if (error && error.code !== 'PGRST103') {
    console.error('Listing unreleased decisions failed', error.message);
    return { rows: [], total: null };
  }
  return { rows: (data ?? []) as unknown as UnreleasedDecision[], total: error ? 0 : (count ?? 0) };
}
