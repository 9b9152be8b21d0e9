import { z } from 'zod';
import { DECISION_LIMITS } from '../outcomes/decision-limits.ts';
import { DECISION_OUTCOMES, isNegativeOutcome } from '../outcomes/decision-outcomes.ts';
import { storableText } from '../../../lib/security/form-input.ts';
import { optionalDay } from '../decide/decision-schemas.ts';

/** The most applications one bulk change touches: a preview longer than this is not read row by row. */
export const BULK_LIMIT = 100;

export const BULK_ACTIONS = [
  'assign',
  'decide',
  'approve',
  'release',
  'approve_release',
  'reply_by',
] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];
export const RELEASE_ACTIONS = ['approve', 'release', 'approve_release'] as const;

/** Preview first; confirm applies; edit goes back to the list with the selection kept. */
export const BULK_STEPS = ['preview', 'confirm', 'edit'] as const;
export type BulkStep = (typeof BULK_STEPS)[number];

/** The value of the reviewer choice that means "take the reviewer off". */
export const NOBODY = 'nobody';

const text = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} is too long (${max} characters at most).`)
    .optional()
    .transform((value = '') => value.replace(/\r\n?/g, '\n').trim());

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** An id from a list, or `also` (the empty choice, or "nobody"); one message whatever is wrong. */
const choice = (also: string, message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value = '') => value)
    .refine((value) => value === also || isUuid(value), { message });

const assignSchema = z.object({
  action: z.literal('assign'),
  assignee: choice(NOBODY, 'Choose a reviewer, or “Nobody” to take the reviewer off.'),
});

const decideSchema = z
  .object({
    action: z.literal('decide'),
    outcome: z.enum(DECISION_OUTCOMES, { error: 'Choose the decision to make.' }),
    conditions: text(DECISION_LIMITS.conditions, 'The conditions'),
    conditions_deadline: optionalDay('Choose the conditions deadline as a date, or leave it empty.'),
    // Named apart from the reply-by move's own field, which shares the queue's form.
    offer_reply_by: optionalDay('Choose the reply-by date as a date, or leave it empty.'),
    reason_id: choice('', 'Choose a reason from the list.'),
    reason_detail: text(DECISION_LIMITS.reasonDetail, 'The private detail'),
    override_reason: text(DECISION_LIMITS.override, 'The override reason'),
    release: z.enum(['', 'yes']).catch(''),
  })
  .superRefine((input, context) => {
    const today = new Date().toISOString().slice(0, 10);
    for (const field of ['conditions_deadline', 'offer_reply_by'] as const) {
      if (input[field] && input[field] < today)
        context.addIssue({ code: 'custom', path: [field], message: 'Choose a date from today on.' });
    }
    if (input.outcome === 'offer_conditional' && !input.conditions) {
      context.addIssue({
        code: 'custom',
        path: ['conditions'],
        message: 'Write the conditions of the offer.',
      });
    }
    if (isNegativeOutcome(input.outcome) && !input.reason_id) {
      context.addIssue({
        code: 'custom',
        path: ['reason_id'],
        message: 'Choose the reason the applicants will read.',
      });
    }
  });

const releaseSchema = z.object({ action: z.enum(RELEASE_ACTIONS) });

/** Move the reply-by date of the selected open offers, each with its letter. */
const replyBySchema = z.object({
  action: z.literal('reply_by'),
  reply_by: z.iso.date({ error: 'Choose the new reply-by date.' }),
  reply_note: text(500, 'The note'),
});

/** Give the selected applications the readers they lack (assessment). */
const readersSchema = z.object({ action: z.literal('readers') });

export const bulkCommandSchema = z.discriminatedUnion(
  'action',
  [assignSchema, decideSchema, releaseSchema, readersSchema, replyBySchema],
  {
    error: 'Choose what to do with the selected applications.',
  },
);
export type BulkCommand = z.infer<typeof bulkCommandSchema>;
export type DecideCommand = Extract<BulkCommand, { action: 'decide' }>;

export const bulkSelectionSchema = z
  .array(z.uuid({ error: 'One of the selected applications is not recognised. Refresh the page.' }))
  .min(1, 'Select at least one application first.')
  .max(BULK_LIMIT, {
    error: (issue) =>
      `Select at most ${BULK_LIMIT} applications at a time (you selected ${(issue.input as unknown[]).length}). Narrow the list with the filters and work through it in parts.`,
  });

/** The version of each application (and the id of its decision) as the preview read them. */
export interface Stamp {
  version: number;
  decisionId: string | null;
}

/** What a bulk form asks for, read from repeated `ids` and per-application `v_<id>`, `d_<id>` fields. */
export interface BulkFormInput {
  ids: string[];
  fields: Record<string, string>;
}

export function readBulkForm(data: FormData): BulkFormInput {
  const fields: Record<string, string> = {};
  for (const [name, value] of data) {
    if (typeof value === 'string' && name !== 'ids' && !(name in fields)) fields[name] = storableText(value);
  }
  const ids = data
    .getAll('ids')
    .filter((value): value is string => typeof value === 'string' && value !== '');
  return { ids: [...new Set(ids)], fields };
}

const stampSchema = z.object({
  version: z.coerce.number().int().min(1),
  decisionId: z.union([z.uuid(), z.literal('')]).transform((value) => value || null),
});

/** The stamps of the rows the preview found ready; rows without one were refused there and are left alone. */
export function readStamps(input: BulkFormInput): Map<string, Stamp> {
  const stamps = new Map<string, Stamp>();
  for (const id of input.ids) {
    const version = input.fields[`v_${id}`];
    if (version === undefined) continue;
    const parsed = stampSchema.safeParse({ version, decisionId: input.fields[`d_${id}`] ?? '' });
    if (parsed.success) stamps.set(id, parsed.data);
  }
  return stamps;
}

/** The command as hidden fields for the confirm form, so the change applied is the one previewed. */
export function commandFields(command: BulkCommand): Record<string, string> {
  if (command.action === 'assign') return { action: 'assign', assignee: command.assignee };
  if (command.action === 'reply_by')
    return { action: 'reply_by', reply_by: command.reply_by, reply_note: command.reply_note };
  if (command.action !== 'decide') return { action: command.action };
  const { action, outcome, conditions, conditions_deadline, offer_reply_by } = command;
  const { reason_id, reason_detail, override_reason, release } = command;
  return {
    action,
    outcome,
    conditions,
    conditions_deadline,
    offer_reply_by,
    reason_id,
    reason_detail,
    override_reason,
    release,
  };
}

/** Whether the change tells applicants "no", which the preview's confirmation box must acknowledge. */
export function needsAcknowledgement(command: BulkCommand): boolean {
  return command.action === 'decide' && isNegativeOutcome(command.outcome);
}
