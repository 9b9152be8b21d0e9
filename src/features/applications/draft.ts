import { z } from 'zod';
import { STEPS, type StepId } from './steps.ts';
import { STATEMENT_MAX } from './schema.ts';

const loose = (max: number) => z.string().max(max).catch('');

const educationDraftRow = z.object({
  institution: loose(160),
  qualification: loose(120),
  field: loose(120),
  country: loose(2),
  start_year: loose(4),
  end_year: loose(4),
  grade: loose(40),
  /** The level the qualification is at (a PRIOR_LEVELS code), for the entry-requirement check. */
  level: loose(20),
});
export type EducationDraftRow = z.infer<typeof educationDraftRow>;

/**
 * What a draft may hold at any moment: every field optional and possibly half typed, only sizes
 * bounded. Completeness is checked per step and again by the database on submission.
 */
export const answersDraftSchema = z.object({
  personal: z
    .object({
      full_name: loose(120),
      date_of_birth: loose(10),
      nationality: loose(2),
      phone: loose(24),
      passport_number: loose(24),
      address_line: loose(200),
      city: loose(100),
      postal_code: loose(20),
      country: loose(2),
    })
    .partial()
    .catch({}),
  academic: z.array(educationDraftRow).max(10).catch([]),
  english_test: z
    .object({ test: loose(10), score: loose(6), taken_on: loose(10) })
    .partial()
    .catch({}),
  statement: z
    .string()
    .max(STATEMENT_MAX * 2)
    .catch(''),
});
export type DraftAnswers = z.infer<typeof answersDraftSchema>;

const stepIds = STEPS.map((step) => step.id) as [StepId, ...StepId[]];

/** The body of an autosave: the whole draft as the applicant sees it, and when they last changed it. */
export const draftSaveSchema = z.object({
  course_id: z.uuid().nullable(),
  intake_id: z.uuid().nullable(),
  current_step: z.enum(stepIds),
  answers: answersDraftSchema,
  /** When the browser last changed it (ISO time); an older save never overwrites a newer one. */
  changed_at: z.iso.datetime({ offset: true }),
});
export type DraftSave = z.infer<typeof draftSaveSchema>;

/** The version of the stored draft an edit was based on: a save based on an older one is refused. */
export const draftVersionSchema = z.number().int().positive().nullable();

export interface ApplicationDraft extends DraftSave {
  id: string | null;
  /** The server's version this copy was based on; null until the server first stored it. */
  version: number | null;
}

export function emptyAnswers(): DraftAnswers {
  return { personal: {}, academic: [], english_test: {}, statement: '' };
}

/** Reads stored answers of any shape into the draft shape, dropping what does not fit. */
export function toDraftAnswers(value: unknown): DraftAnswers {
  const parsed = answersDraftSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : emptyAnswers();
}
