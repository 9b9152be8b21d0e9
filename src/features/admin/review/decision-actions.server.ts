import type { SupabaseClient } from '@supabase/supabase-js';
import { statusLabel } from '../../../lib/application-status.ts';
import { decisionLabel, isNegativeOutcome } from '../../admissions/outcomes/decision-outcomes.ts';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { decisionSchema, decisionStepSchema, type DecisionInput } from './decision-schemas.ts';
import { parse } from './parse-post.ts';

/** A decision post that stops before saving: at its confirmation step, or back at the form. */
export type DecisionStep = 'confirm' | 'back';

function paused(step: DecisionStep): FormOutcome {
  return { ok: false, status: 200, data: { step } };
}

/** The step a decision post stopped at, if it stopped at one rather than being saved or refused. */
export function pausedStep(outcome: FormOutcome): DecisionStep | null {
  const step = outcome.data?.['step'];
  return step === 'confirm' || step === 'back' ? step : null;
}

type Row = Record<string, unknown>;
const single = (data: unknown): Row => ((Array.isArray(data) ? data[0] : data) ?? {}) as Row;

function decidedMessage(outcome: string, state: unknown): string {
  const label = decisionLabel(outcome);
  if (state === 'released') return `${label} released: the applicant has been told.`;
  if (state === 'approved') return `${label} decided. The applicant hears nothing until it is released.`;
  return `${label} recommended. An administrator must approve it before the applicant hears anything.`;
}

async function problemsBeforeConfirming(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  input: DecisionInput,
): Promise<FormOutcome | null> {
  const { data, error } = await supabase.rpc(
    'preview_decision',
    withoutNulls({
      application_id: applicationId,
      outcome: input.outcome,
      reason_id: input.reason_id || null,
      override_reason: input.override_reason || null,
    }),
  );
  if (error) return outcomeOfError(error);
  const problems = data ?? [];
  return problems.length > 0 ? failure(422, problems.join(' ')) : null;
}

/** Whether the form was opened on an older version of the application than the current one. */
async function isStale(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  version: number,
): Promise<boolean> {
  const { data } = await supabase
    .from('applications')
    .select('version')
    .eq('id', applicationId)
    .maybeSingle();
  const current = data?.version;
  return current !== undefined && version < current;
}

async function decide(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(decisionSchema, fields);
  if (!input.ok) return input.outcome;
  const value = input.value;
  if (value.confirmation === 'back') return paused('back');
  // A form opened on an older version skips the confirmation: the database refuses it at once,
  // saying who changed the application, when and what.
  const confirming = isNegativeOutcome(value.outcome) && value.confirmation !== 'confirmed';
  if (confirming && !(await isStale(supabase, applicationId, value.version))) {
    return (await problemsBeforeConfirming(supabase, applicationId, value)) ?? paused('confirm');
  }
  const { data, error } = await supabase.rpc(
    'decide_application',
    withoutNulls({
      application_id: applicationId,
      expected_version: value.version,
      outcome: value.outcome,
      conditions: value.conditions || null,
      reason_id: value.reason_id || null,
      reason_detail: value.reason_detail || null,
      override_reason: value.override_reason || null,
      release: value.release,
    }),
  );
  if (error) return outcomeOfError(error);
  const state = single(data)['state'];
  if (state === 'released') sendPendingMail();
  return done(decidedMessage(value.outcome, state));
}

/** The open decision named by the form, if it belongs to this application. */
async function decisionOf(supabase: SupabaseClient<Database>, applicationId: string, id: string) {
  const { data } = await supabase
    .from('application_decisions')
    .select('outcome')
    .eq('id', id)
    .eq('application_id', applicationId)
    .maybeSingle();
  return data;
}

type StepAction = 'approve' | 'release' | 'cancel';

async function step(
  action: StepAction,
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const input = parse(decisionStepSchema, fields);
  if (!input.ok) return input.outcome;
  const { decision_id, version, release, note } = input.value;
  const decision = await decisionOf(supabase, applicationId, decision_id);
  if (!decision) return failure(404, 'That decision is no longer part of this application.');
  const label = decisionLabel(decision.outcome);
  const base = { decision_id, expected_version: version };
  if (action === 'approve') {
    const { data, error } = await supabase.rpc('approve_decision', { ...base, release });
    if (error) return outcomeOfError(error);
    if (single(data)['state'] !== 'released')
      return done(`${label} approved. The applicant hears nothing until it is released.`);
    sendPendingMail();
    return done(`${label} approved and released: the applicant has been told.`);
  }
  if (action === 'release') {
    const { data, error } = await supabase.rpc('release_decision', base);
    if (error) return outcomeOfError(error);
    sendPendingMail();
    const status = String(single(data)['status'] ?? '');
    return done(
      `${label} released: the application is now ${statusLabel(status)} and the letter is on its way.`,
    );
  }
  const { error } = await supabase.rpc('cancel_decision', withoutNulls({ ...base, note: note || null }));
  if (error) return outcomeOfError(error);
  return done(`${label} cancelled. Nothing was sent to the applicant.`);
}

/** The decision forms of the review screen by intent, bound to the application in the URL. */
export function decisionHandlers(
  supabase: SupabaseClient<Database>,
  applicationId: string,
): Record<string, AdminHandler> {
  return {
    decide: (fields) => decide(supabase, applicationId, fields),
    'approve-decision': (fields) => step('approve', supabase, applicationId, fields),
    'release-decision': (fields) => step('release', supabase, applicationId, fields),
    'cancel-decision': (fields) => step('cancel', supabase, applicationId, fields),
  };
}
