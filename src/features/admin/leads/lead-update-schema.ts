import { z } from 'zod';
import { LEAD_STATUSES } from './lead-options.ts';

export const NOTES_MAX = 5000;

export const STALE_FORM = 'This form is out of date. Reload the page, then make your change again.';

/**
 * The three columns staff may change on a lead (RLS grants no others), with the version of the lead
 * the form was opened on: the database refuses the change when the lead moved on since.
 */
export const leadUpdateSchema = z.object({
  version: z.coerce.number({ error: STALE_FORM }).int({ error: STALE_FORM }).positive({ error: STALE_FORM }),
  status: z.enum(LEAD_STATUSES, { error: 'Choose a status from the list.' }),
  assignee: z.union([z.uuid({ error: 'Choose someone from the list.' }), z.literal('')], {
    error: 'Choose someone from the list.',
  }),
  // Browsers send textarea line breaks as CRLF; stored as LF so the limit counts what staff typed.
  notes: z
    .string()
    .default('')
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(NOTES_MAX, `Keep the notes to ${NOTES_MAX.toLocaleString('en-GB')} characters or fewer.`),
    ),
});
export type LeadUpdateInput = z.infer<typeof leadUpdateSchema>;

export const LEAD_FIELD_LABELS = { status: 'Status', assignee: 'Assigned to', notes: 'Notes' } as const;
