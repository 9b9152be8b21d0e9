import { z } from 'zod';
import { versionField } from '../../admin/forms/version-field.ts';

export const CONDITION_NOTE_LIMIT = 500;

const conditionId = z.uuid('This condition is not recognised. Reload the page and try again.');

/** Marking one condition met or not met; "not met" carries the note the applicant reads. */
export const conditionMarkSchema = z
  .object({
    version: versionField,
    condition_id: conditionId,
    met: z.enum(['yes', 'no'], 'Say whether the condition is met.'),
    note: z
      .string()
      .trim()
      .max(CONDITION_NOTE_LIMIT, `Keep the note to ${CONDITION_NOTE_LIMIT} characters at most.`)
      .default(''),
  })
  .superRefine((input, context) => {
    if (input.met === 'no' && !input.note)
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Say why the condition is not met: the applicant reads it.',
      });
  });
export type ConditionMarkInput = z.infer<typeof conditionMarkSchema>;

/** Moving one open condition's deadline (the database refuses a day in the past). */
export const conditionDeadlineSchema = z.object({
  version: versionField,
  condition_id: conditionId,
  deadline: z.iso.date('Choose the new deadline.'),
});
export type ConditionDeadlineInput = z.infer<typeof conditionDeadlineSchema>;
