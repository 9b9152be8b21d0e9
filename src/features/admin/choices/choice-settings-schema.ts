import { z } from 'zod';

/** How many choices one application may hold, as admissions_settings.max_choices allows. */
export const MAX_CHOICES_LIMITS = { min: 1, max: 10 } as const;

const WHOLE_NUMBER = `Enter a whole number of choices from ${MAX_CHOICES_LIMITS.min} to ${MAX_CHOICES_LIMITS.max}.`;

/** The office's number of choices per application. */
export const maxChoicesSchema = z.object({
  max_choices: z
    .string({ error: WHOLE_NUMBER })
    .trim()
    .regex(/^\d{1,2}$/, WHOLE_NUMBER)
    .transform(Number)
    .pipe(z.number().min(MAX_CHOICES_LIMITS.min, WHOLE_NUMBER).max(MAX_CHOICES_LIMITS.max, WHOLE_NUMBER)),
});
export type MaxChoicesInput = z.infer<typeof maxChoicesSchema>;

export const UNKNOWN_UNIVERSITY =
  'One of those universities is not recognised. Reload the page and choose again.';

/** Each university on the checklist is a box of its own, named after it. */
export const UNIVERSITY_FIELD = 'university_';

const tickedUniversities = (fields: Record<string, string>) => [
  ...new Set(
    Object.keys(fields)
      .filter((name) => name.startsWith(UNIVERSITY_FIELD) && fields[name] === 'yes')
      .map((name) => name.slice(UNIVERSITY_FIELD.length)),
  ),
];

/**
 * Which universities a counsellor decides for: every one (sent as none), or only the ticked ones of
 * the checklist, of which there must then be at least one.
 */
export const staffUniversitiesSchema = z
  .record(z.string(), z.string())
  .transform((fields) => ({ scope: fields['scope'], university_ids: tickedUniversities(fields) }))
  .pipe(
    z
      .object({
        scope: z.enum(['all', 'only'], { error: 'Choose every university, or only the ones you tick.' }),
        university_ids: z.array(z.uuid(UNKNOWN_UNIVERSITY)).max(1000, UNKNOWN_UNIVERSITY),
      })
      .refine((input) => input.scope === 'all' || input.university_ids.length > 0, {
        path: ['university_ids'],
        message: 'Tick at least one university, or choose every university.',
      })
      .transform((input) => ({ university_ids: input.scope === 'all' ? [] : input.university_ids })),
  );
export type StaffUniversitiesInput = z.infer<typeof staffUniversitiesSchema>;
