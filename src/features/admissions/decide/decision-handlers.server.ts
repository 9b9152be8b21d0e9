import type { SupabaseClient } from '@supabase/supabase-js';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';
import { parse } from '../../../lib/security/parse-post.ts';
import {
  approve,
  cancel,
  decide,
  previewDecision,
  release,
  type DecisionTerms,
} from '../commands/decision-commands.server.ts';
import { isNegativeOutcome } from '../outcomes/decision-outcomes.ts';
import {
  approvedMessage,
  cancelledMessage,
  decidedMessage,
  releasedMessage,
} from '../commands/decision-wording.ts';
import { formatDay } from '../../../lib/format-day.ts';
import {
  decisionSchema,
  decisionStepSchema,
  replyBySchema,
  type DecisionStepInput,
} from './decision-schemas.ts';

type Client = SupabaseClient<Database>;

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

async function problemsBeforeConfirming(supabase: Client, terms: DecisionTerms): Promise<FormOutcome | null> {
  const result = await previewDecision(supabase, terms);
  if (!result.ok) return outcomeOfError(result.error);
  return result.row.length > 0 ? failure(422, result.row.join(' ')) : null;
}

/** Whether the form was opened on an older version of the application than the current one. */
async function isStale(supabase: Client, applicationId: string, version: number): Promise<boolean> {
  const { data } = await supabase
    .from('applications')
    .select('version')
    .eq('id', applicationId)
    .maybeSingle();
  const current = data?.version;
  return current !== undefined && version < current;
}

async function decideFromForm(supabase: Client, applicationId: string, fields: Record<string, string>) {
  const input = parse(decisionSchema, fields);
  if (!input.ok) return input.outcome;
  const value = input.value;
  if (value.confirmation === 'back') return paused('back');
  const terms: DecisionTerms = {
    applicationId,
    outcome: value.outcome,
    conditions: value.conditions,
    reasonId: value.reason_id,
    overrideReason: value.override_reason,
  };
  // A form opened on an older version skips the confirmation: the database refuses it at once,
  // saying who changed the application, when and what.
  const confirming = isNegativeOutcome(value.outcome) && value.confirmation !== 'confirmed';
  if (confirming && !(await isStale(supabase, applicationId, value.version))) {
    return (await problemsBeforeConfirming(supabase, terms)) ?? paused('confirm');
  }
  const { version, reason_detail: reasonDetail, release: releaseNow } = value;
  const result = await decide(supabase, {
    ...terms,
    version,
    reasonDetail,
    release: releaseNow,
    conditionsDeadline: value.conditions_deadline,
    replyBy: value.reply_by,
  });
  if (!result.ok) return outcomeOfError(result.error);
  if (result.row.state === 'released') sendPendingMail();
  return done(decidedMessage(value.outcome, result.row.state));
}

type StepAction = 'approve' | 'release' | 'cancel';

/** Approving, releasing or cancelling the open decision, once it is known to be this application's. */
async function takeStep(action: StepAction, supabase: Client, input: DecisionStepInput, outcome: string) {
  const step = { decisionId: input.decision_id, version: input.version };
  if (action === 'approve') {
    const result = await approve(supabase, { ...step, release: input.release });
    if (!result.ok) return outcomeOfError(result.error);
    if (result.row.state === 'released') sendPendingMail();
    return done(approvedMessage(outcome, result.row.state));
  }
  if (action === 'release') {
    const result = await release(supabase, step);
    if (!result.ok) return outcomeOfError(result.error);
    sendPendingMail();
    return done(releasedMessage(outcome, result.row.status));
  }
  const result = await cancel(supabase, { ...step, note: input.note });
  return result.ok ? done(cancelledMessage(outcome)) : outcomeOfError(result.error);
}

/** The open decision named by the form, if it belongs to this application. */
async function decisionOf(supabase: Client, applicationId: string, id: string) {
  const { data } = await supabase
    .from('application_decisions')
    .select('outcome')
    .eq('id', id)
    .eq('application_id', applicationId)
    .maybeSingle();
  return data;
}

async function stepFromForm(
  action: StepAction,
  supabase: Client,
  applicationId: string,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const input = parse(decisionStepSchema, fields);
  if (!input.ok) return input.outcome;
  const decision = await decisionOf(supabase, applicationId, input.value.decision_id);
  if (!decision) return failure(404, 'That decision is no longer part of this application.');
  return takeStep(action, supabase, input.value, decision.outcome);
}

/** Moving the reply-by date of the application's open offer; the letter goes out at once. */
async function moveReplyBy(supabase: Client, applicationId: string, fields: Record<string, string>) {
  const input = parse(replyBySchema, fields);
  if (!input.ok) return input.outcome;
  const { error } = await supabase.rpc('set_offer_reply_by', {
    application_id: applicationId,
    reply_by: input.value.reply_by,
    expected_version: input.value.version,
    ...(input.value.note ? { note: input.value.note } : {}),
  });
  if (error) return outcomeOfError(error);
  sendPendingMail();
  return done(
    `Reply-by date moved to ${formatDay(input.value.reply_by)}. The applicant has a letter with it.`,
  );
}

/** The decision forms of the review screen by intent, bound to the application in the URL. */
export function decisionHandlers(supabase: Client, applicationId: string): Record<string, AdminHandler> {
  return {
    'reply-by': (fields) => moveReplyBy(supabase, applicationId, fields),
    decide: (fields) => decideFromForm(supabase, applicationId, fields),
    'approve-decision': (fields) => stepFromForm('approve', supabase, applicationId, fields),
    'release-decision': (fields) => stepFromForm('release', supabase, applicationId, fields),
    'cancel-decision': (fields) => stepFromForm('cancel', supabase, applicationId, fields),
  };
}
