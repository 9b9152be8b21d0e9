import type { SupabaseClient } from '@supabase/supabase-js';
import type { DecisionOutcome } from '../../admissions/outcomes/decision-outcomes.ts';
import type { ReviewApplication } from './detail-data.server.ts';
import { unverifiedDocuments, type Requirement } from './documents-gate.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

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

export interface DecisionReason {
  id: string;
  outcome: string;
  public_wording: string;
}

/** staff_intake_places(): null places (and places left) mean the intake has no limit. */
export interface IntakePlaces {
  places: number | null;
  over_offer: number;
  offers_out: number;
  pending_offers: number;
  acceptances: number;
  held: number;
  places_left: number | null;
  waitlisted: number;
  unreleased: number;
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
}

const DECISION_COLUMNS = `id, outcome, from_status, conditions, reason_id, reason_detail, override_reason, state,
  recommended_by, recommended_at, approved_by, approved_at, released_by, released_at, cancelled_by,
  cancelled_at, cancel_note, reason:decision_reasons(public_wording)`;

function fail(what: string, error: { message: string } | null): void {
  if (error) console.error(`Reading ${what} failed`, error.message);
}

/** Reads everything about the application's decisions with the staff member's own token. */
export async function loadDecisionContext(
  supabase: SupabaseClient<Database>,
  app: ReviewApplication,
): Promise<DecisionContext> {
  const [decisions, reasons, places, approval, mayRelease, requirements, guides] = await Promise.all([
    supabase
      .from('application_decisions')
      .select(DECISION_COLUMNS)
      .eq('application_id', app.id)
      .order('recommended_at'),
    supabase
      .from('decision_reasons')
      .select('id, outcome, public_wording')
      .eq('active', true)
      .order('position')
      .order('public_wording'),
    supabase.rpc('staff_intake_places', { intake_id: app.intake.id }),
    supabase.rpc('decision_approval'),
    supabase.rpc('may_release_decisions'),
    supabase
      .from('document_requirements')
      .select('course_id, kind, required')
      .or(`course_id.eq.${app.course.id},course_id.is.null`),
    supabase.from('application_status_guide').select('status, next_step'),
  ]);
  fail('decisions', decisions.error);
  fail('decision reasons', reasons.error);
  fail('intake places', places.error);
  fail('document requirements', requirements.error);
  const rows = (decisions.data ?? []) as unknown as Decision[];
  const placeRows = places.data ?? [];
  return {
    decisions: rows,
    open: rows.find((row) => row.state === 'recommended' || row.state === 'approved') ?? null,
    reasons: reasons.data ?? [],
    places: placeRows[0] ?? null,
    mayRelease: mayRelease.data === true,
    approval: approval.data === 'none' ? 'none' : 'admin',
    unverified: unverifiedDocuments(app.course.id, (requirements.data ?? []) as Requirement[], app.documents),
    nextSteps: new Map(
      ((guides.data ?? []) as { status: string; next_step: string }[]).map((g) => [g.status, g.next_step]),
    ),
  };
}

/**
 * How the page names people: their profile name, else their e-mail in the staff directory, else
 * "Former staff member". Profiles are readable by staff under RLS.
 */
export async function loadPersonNames(
  supabase: SupabaseClient<Database>,
  ids: readonly (string | null)[],
  emails: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  const { data, error } = await supabase.from('profiles').select('id, full_name').in('id', wanted);
  fail('names', error);
  const profileNames = new Map(
    ((data ?? []) as { id: string; full_name: string | null }[]).map((row) => [row.id, row.full_name]),
  );
  for (const id of wanted) {
    names.set(id, profileNames.get(id)?.trim() || emails.get(id) || 'Former staff member');
  }
  return names;
}
