import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { unverifiedDocuments, type HeldDocument, type Requirement } from '../gate/documents-gate.ts';
import type { DecisionOutcome } from '../outcomes/decision-outcomes.ts';
import { activeReasonsQuery, type DecisionReason } from '../outcomes/decision-reasons.server.ts';
import { loadIntakePlaces, type IntakePlaces } from '../places/intake-places.server.ts';
import { mayReleaseDecisions } from '../release/decision-rights.server.ts';

export type DecisionState = 'recommended' | 'approved' | 'released' | 'cancelled';

/** A decision on the application as staff read it (application_decisions, staff only). */
export interface Decision {
  id: string;
  outcome: DecisionOutcome;
  from_status: string;
  conditions: string | null;
  reason_id: string | null;
  /** Private: staff only, never in a letter. */
  reason_detail: string | null;
  override_reason: string | null;
  state: DecisionState;
  recommended_by: string | null;
  recommended_at: string;
  approved_by: string | null;
  approved_at: string | null;
  released_by: string | null;
  released_at: string | null;
  cancelled_by: string | null;
  cancelled_at: string | null;
  cancel_note: string | null;
  reason: { public_wording: string } | null;
}

/** The application a decision is made on, as far as the decision panel reads it. */
export interface DecidingApplication {
  id: string;
  reference: string;
  status: string;
  version: number;
  answers: Record<string, unknown>;
  course: { id: string; title: string; university_name: string };
  intake: { id: string; term: string; status: string; release_mode: 'rolling' | 'batch' };
  documents: readonly HeldDocument[];
}

/** What the decision panel, the pending decision and the timeline need besides the application. */
export interface DecisionContext {
  decisions: Decision[];
  /** The decision that is recommended or approved and not yet released, if there is one. */
  open: Decision | null;
  /** Active reasons, in the order administrators gave them. */
  reasons: DecisionReason[];
  places: IntakePlaces | null;
  /** Whether the signed-in member of staff may approve and release (may_release_decisions()). */
  mayRelease: boolean;
  approval: 'admin' | 'none';
  /** Required documents that are not verified, in words ("Passport is not verified yet"). */
  unverified: string[];
  /** What the applicant reads for each status (application_status_guide.next_step). */
  nextSteps: Map<string, string>;
  /** The days an offer takes when the decision names none (offer_default_dates); null when unreadable. */
  offerDefaults: { replyBy: string; conditionsDeadline: string } | null;
}

const DECISION_COLUMNS = `id, outcome, from_status, conditions, conditions_deadline, reply_by, reason_id, reason_detail, override_reason, state,
  recommended_by, recommended_at, approved_by, approved_at, released_by, released_at, cancelled_by,
  cancelled_at, cancel_note, reason:decision_reasons(public_wording)`;

function fail(what: string, error: { message: string } | null): void {
  if (error) console.error(`Reading ${what} failed`, error.message);
}

/** Reads everything about the application's decisions with the staff member's own token. */
export async function loadDecisionContext(
  supabase: SupabaseClient<Database>,
  app: DecidingApplication,
): Promise<DecisionContext> {
  const [decisions, reasons, places, approval, mayRelease, requirements, guides, defaults] =
    await Promise.all([
      supabase
        .from('application_decisions')
        .select(DECISION_COLUMNS)
        .eq('application_id', app.id)
        .order('recommended_at'),
      activeReasonsQuery(supabase),
      loadIntakePlaces(supabase, app.intake.id),
      supabase.rpc('decision_approval'),
      mayReleaseDecisions(supabase),
      supabase
        .from('document_requirements')
        .select('course_id, kind, required')
        .or(`course_id.eq.${app.course.id},course_id.is.null`),
      supabase.from('application_status_guide').select('status, next_step'),
      supabase.rpc('offer_default_dates', { intake_id: app.intake.id }),
    ]);
  fail('offer default dates', defaults.error);
  fail('decisions', decisions.error);
  fail('decision reasons', reasons.error);
  fail('document requirements', requirements.error);
  const rows = (decisions.data ?? []) as unknown as Decision[];
  return {
    decisions: rows,
    open: rows.find((row) => row.state === 'recommended' || row.state === 'approved') ?? null,
    reasons: reasons.data ?? [],
    places,
    mayRelease,
    approval: approval.data === 'none' ? 'none' : 'admin',
    unverified: unverifiedDocuments(app.course.id, (requirements.data ?? []) as Requirement[], app.documents),
    nextSteps: new Map(
      ((guides.data ?? []) as { status: string; next_step: string }[]).map((g) => [g.status, g.next_step]),
    ),
    offerDefaults:
      defaults.data?.reply_by && defaults.data.conditions_deadline
        ? { replyBy: defaults.data.reply_by, conditionsDeadline: defaults.data.conditions_deadline }
        : null,
  };
}
