import { z } from 'zod';

const text = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `${label} needs at least ${min} characters.`)
    .max(max, `${label} is ${max.toLocaleString('en-GB')} characters at most.`);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'An e-mail address is 254 characters at most.')
  .pipe(z.email('Give the referee’s e-mail address, like name@example.org.'));

/** Naming a referee (a new request, or a replacement). Mirrors new_reference_request's checks. */
export const referenceRequestSchema = z.object({
  referee_name: text('The referee’s name', 2, 120),
  referee_email: email,
  relationship: text('How they know you', 2, 120),
  note: z.string().trim().max(1000, 'The note is 1,000 characters at most.').default(''),
  waived: z.enum(['yes', 'no'], { error: 'Choose whether you waive the right to read the letter.' }),
});
export type ReferenceRequestInput = z.infer<typeof referenceRequestSchema>;

export const referenceTargetSchema = z.object({ request_id: z.uuid('Choose a request.') });

/** Asking a referee to let a letter written for another application stand for this one. */
export const referenceReuseSchema = z.object({ request_id: z.uuid('Choose a reference to use again.') });

/** A member of staff correcting a referee's address. */
export const refereeEmailSchema = z.object({ request_id: z.uuid(), referee_email: email });

export const refereeDeclineSchema = z.object({
  reason: z.string().trim().max(500, 'The reason is 500 characters at most.').default(''),
});

/** The short structured letter. Mirrors referee_submit_form's checks. */
export const refereeFormSchema = z.object({
  relationship: text('How you know the applicant, and for how long,', 2, 500),
  general: text('Your general statement', 50, 4000),
  circumstances: z.string().trim().max(2000, 'Circumstances are 2,000 characters at most.').default(''),
  suitability: text('What makes them suited to this course', 20, 4000),
});
export type RefereeFormInput = z.infer<typeof refereeFormSchema>;

/** A link's token: 32 characters of URL-safe base64 (192 bits). Anything else is no link of ours. */
export const refereeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
