import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import type { DecisionOutcome } from '../outcomes/decision-outcomes.ts';

type Client = SupabaseClient<Database>;
export type DecisionRow = Tables<'application_decisions'>;
export type ApplicationRow = Tables<'applications'>;

/**
 * What a command did: the row the database function returned, or its refusal (written for staff
 * when it is one of the admissions functions' own), for the screen that called it to put in words.
 */
export type CommandResult<T> = { ok: true; row: T } | { ok: false; error: PostgrestError };

type Response<T> = { data: T; error: null } | { data: null; error: PostgrestError };

function resultOf<T>(response: Response<T>): CommandResult<T> {
  return response.error === null ? { ok: true, row: response.data } : { ok: false, error: response.error };
}

/** The decision asked for on one application; empty text means none was given. */
export interface DecisionTerms {
  applicationId: string;
  outcome: DecisionOutcome;
  /** Kept for a conditional offer only. */
  conditions: string;
  reasonId: string;
  overrideReason: string;
}

export interface DecideInput extends DecisionTerms {
  /** The application's version the form or preview read. */
  version: number;
  /** Private: staff only, never in a letter. */
  reasonDetail: string;
  /** Release at once where the caller may and the intake lets decisions go out one by one. */
  release: boolean;
  /** Days chosen at decision time ('' or absent: the intake's defaults when the decision applies). */
  conditionsDeadline?: string;
  replyBy?: string;
}

/** A step on the open decision, named by its id, against the application's version. */
export interface DecisionStep {
  decisionId: string;
  version: number;
}

function termsArgs(terms: DecisionTerms) {
  return {
    application_id: terms.applicationId,
    outcome: terms.outcome,
    conditions: terms.outcome === 'offer_conditional' ? terms.conditions || null : null,
    reason_id: terms.reasonId || null,
    override_reason: terms.overrideReason || null,
  };
}

/** Why the database would refuse this decision now (preview_decision); an empty list means it would not. */
export async function previewDecision(
  supabase: Client,
  terms: DecisionTerms,
): Promise<CommandResult<string[]>> {
  const result = resultOf(await supabase.rpc('preview_decision', withoutNulls(termsArgs(terms))));
  return result.ok ? { ok: true, row: result.row ?? [] } : result;
}

/** Makes the decision (decide_application): recommended, approved, or approved and released. */
export async function decide(supabase: Client, input: DecideInput): Promise<CommandResult<DecisionRow>> {
  const args = {
    ...termsArgs(input),
    expected_version: input.version,
    reason_detail: input.reasonDetail || null,
    release: input.release,
    conditions_deadline: input.conditionsDeadline || null,
    reply_by: input.replyBy || null,
  };
  return resultOf(await supabase.rpc('decide_application', withoutNulls(args)));
}

/** Approves a recommendation (approve_decision), and releases it too when asked and allowed. */
export async function approve(
  supabase: Client,
  step: DecisionStep & { release: boolean },
): Promise<CommandResult<DecisionRow>> {
  const args = { decision_id: step.decisionId, expected_version: step.version, release: step.release };
  return resultOf(await supabase.rpc('approve_decision', args));
}

/** Releases an approved decision to the applicant (release_decision): the application as it now is. */
export async function release(supabase: Client, step: DecisionStep): Promise<CommandResult<ApplicationRow>> {
  const args = { decision_id: step.decisionId, expected_version: step.version };
  return resultOf(await supabase.rpc('release_decision', args));
}

/** Cancels the open decision before it is released (cancel_decision), with an optional staff-only note. */
export async function cancel(
  supabase: Client,
  step: DecisionStep & { note: string },
): Promise<CommandResult<DecisionRow>> {
  const args = { decision_id: step.decisionId, expected_version: step.version, note: step.note || null };
  return resultOf(await supabase.rpc('cancel_decision', withoutNulls(args)));
}
