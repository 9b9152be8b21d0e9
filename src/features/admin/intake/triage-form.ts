import { z } from 'zod';
import type { StaffMember } from '../staff-directory.server.ts';

export const TRIAGE_INTENTS = ['assign', 'review'] as const;

/** The bulk form: the ticked applications, an optional reviewer, and which button was pressed. */
export const triageSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: 'One of the selected applications is not recognised. Refresh the page.' }))
      .min(1, 'Select at least one application first.')
      .max(200, 'Select at most 200 applications at a time.'),
    assignee: z.union([z.uuid({ error: 'Choose a reviewer from the list.' }), z.literal('')]),
    intent: z.enum(TRIAGE_INTENTS, { error: 'This form is not recognised. Refresh the page and try again.' }),
  })
  .refine((input) => input.intent !== 'assign' || input.assignee !== '', {
    message: 'Choose a reviewer to assign the selected applications to.',
    path: ['assignee'],
  });
export type TriageInput = z.infer<typeof triageSchema>;

export interface TriageForm {
  ids: string[];
  assignee: string;
  intent: string;
}

/** Checkbox values arrive as repeated `ids` fields, which the one-value-per-name readers would drop. */
export function readTriageForm(data: FormData): TriageForm {
  const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');
  return {
    ids: [...new Set(data.getAll('ids').map(text).filter(Boolean))],
    assignee: text(data.get('assignee')),
    intent: text(data.get('intent')),
  };
}

/** What the toast says after the bulk action worked. */
export function triageDoneMessage(
  input: TriageInput,
  changed: number,
  staff: readonly StaffMember[],
): string {
  const count = changed === 1 ? '1 application' : `${changed} applications`;
  const reviewer = staff.find((member) => member.id === input.assignee)?.email ?? 'the chosen reviewer';
  if (input.intent === 'assign') return `Assigned ${count} to ${reviewer}.`;
  return input.assignee
    ? `Moved ${count} to review and assigned ${changed === 1 ? 'it' : 'them'} to ${reviewer}.`
    : `Moved ${count} to review.`;
}
