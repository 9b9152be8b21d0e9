import { z } from 'zod';
import {
  DECISION_OUTCOMES,
  decisionLabel,
  isNegativeOutcome,
  isOfferOutcome,
} from '../outcomes/decision-outcomes.ts';
import { versionField } from '../../admin/forms/version-field.ts';
import { DECISION_LIMITS } from '../outcomes/decision-limits.ts';

const text = (limit: number, what: string) =>
  z
    .string()
    .trim()
    .max(limit, `Keep the ${what} to ${limit.toLocaleString('en-GB')} characters at most.`)
    .default('');

/** A calendar day, or '' for "the intake's default". */
export const optionalDay = (message: string) =>
  z.union([z.literal(''), z.iso.date(message)], message).default('');

/**
 * The decision form. A conditional offer needs its conditions; a negative outcome needs a reason
 * from the list (its private detail is optional). `confirmation` is empty on the first post,
 * "confirmed" from the confirmation step and "back" from its Go back button. Fields that do not
 * belong to the chosen outcome are dropped, so a reason picked and then abandoned is never sent.
 */
export const decisionSchema = z
  .object({
    version: versionField,
    outcome: z.enum(DECISION_OUTCOMES, 'Choose a decision.'),
    conditions: text(DECISION_LIMITS.conditions, 'conditions'),
    conditions_deadline: optionalDay('Choose the conditions deadline as a date, or leave it empty.'),
    reply_by: optionalDay('Choose the reply-by date as a date, or leave it empty.'),
    reason_id: z.union([z.literal(''), z.uuid()], 'Choose a reason from the list.').default(''),
    reason_detail: text(DECISION_LIMITS.reasonDetail, 'private detail'),
    override_reason: text(DECISION_LIMITS.override, 'override reason'),
    release: z
      .enum(['', 'yes'])
      .default('')
      .transform((value) => value === 'yes'),
    confirmation: z.enum(['', 'confirmed', 'back']).default(''),
  })
  .superRefine((input, context) => {
    if (input.outcome === 'offer_conditional' && !input.conditions)
      context.addIssue({
        code: 'custom',
        path: ['conditions'],
        message: 'List the conditions the applicant must meet for a conditional offer.',
      });
    if (isNegativeOutcome(input.outcome) && !input.reason_id)
      context.addIssue({
        code: 'custom',
        path: ['reason_id'],
        message: `Choose the reason for “${decisionLabel(input.outcome)}” from the list.`,
      });
  })
  .transform((input) => {
    const negative = isNegativeOutcome(input.outcome);
    const conditional = input.outcome === 'offer_conditional';
    return {
      ...input,
      conditions: conditional ? input.conditions : '',
      conditions_deadline: conditional ? input.conditions_deadline : '',
      reply_by: isOfferOutcome(input.outcome) ? input.reply_by : '',
      reason_id: negative ? input.reason_id : '',
      reason_detail: negative ? input.reason_detail : '',
    };
  });
export type DecisionInput = z.infer<typeof decisionSchema>;

/** Approving, releasing or cancelling the open decision, named by its id. */
export const decisionStepSchema = z.object({
  version: versionField,
  decision_id: z.uuid('This decision is not recognised. Reload the page and try again.'),
  release: z
    .enum(['', 'yes', 'no'])
    .default('')
    .transform((value) => value === 'yes'),
  note: text(DECISION_LIMITS.cancelNote, 'note'),
});
export type DecisionStepInput = z.infer<typeof decisionStepSchema>;

export const REPLY_BY_NOTE_LIMIT = 500;

/** Moving one offer's reply-by date: a calendar day (the database refuses one in the past). */
export const replyBySchema = z.object({
  version: versionField,
  reply_by: z.iso.date('Choose the new reply-by date.'),
  note: text(REPLY_BY_NOTE_LIMIT, 'note'),
});
