import { z } from 'zod';
import {
  checkboxRule,
  currencyRule,
  optionalChoice,
  optionalCurrencyRule,
  optionalNumber,
  optionalText,
  requiredNumber,
  requiredText,
  slugRule,
} from './field-rules.ts';
import { COURSE_LEVELS, PRIOR_LEVELS, STUDY_MODES, TUITION_PERIODS } from './options.ts';

/** The course edit form, mirroring public.courses' check constraints. */
export const courseFormSchema = z.object({
  title: requiredText('Title', 2, 200),
  slug: slugRule(160),
  level: z.enum(COURSE_LEVELS, { error: 'Choose the level of study.' }),
  field: requiredText('Field of study', 2, 80),
  duration_months: requiredNumber('Duration in months', { min: 1, max: 120, places: 0 }),
  study_mode: z.enum(STUDY_MODES, { error: 'Choose how the course is taught.' }),
  language: z
    .string({ error: 'Enter the two-letter language code, like en.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'Enter the two-letter language code, like en.'),
  tuition_amount: requiredNumber('Tuition', { min: 0, max: 9999999999.99, places: 2 }),
  tuition_currency: currencyRule,
  tuition_period: z.enum(TUITION_PERIODS, { error: 'Choose whether tuition is per year or for the course.' }),
  application_fee: optionalNumber('Application fee', { min: 0, max: 99999999.99, places: 2 }).transform(
    (value) => value ?? 0,
  ),
  application_fee_currency: optionalCurrencyRule,
  entry_requirements: optionalText('Entry requirements', 3000),
  min_grade_percent: optionalNumber('Minimum grade', { min: 0, max: 100, places: 0 }),
  min_gpa: optionalNumber('Minimum GPA', { min: 0, max: 4, places: 2 }),
  required_prior_level: optionalChoice(PRIOR_LEVELS, 'Choose the level applicants must have finished.'),
  min_ielts: optionalNumber('Minimum IELTS', { min: 0, max: 9, places: 1 }),
  min_toefl: optionalNumber('Minimum TOEFL', { min: 0, max: 120, places: 0 }),
  min_pte: optionalNumber('Minimum PTE', { min: 10, max: 90, places: 0 }),
  min_duolingo: optionalNumber('Minimum Duolingo', { min: 10, max: 160, places: 0 }),
  max_choices: optionalNumber('The cap on choices', { min: 1, max: 10, places: 0 }),
  description: optionalText('Description', 5000),
  published: checkboxRule,
  verified: checkboxRule,
});
export type CourseFormInput = z.infer<typeof courseFormSchema>;

/** The short form on a university's page that starts a course; the rest is edited afterwards. */
export const courseCreateSchema = courseFormSchema.pick({
  title: true,
  slug: true,
  level: true,
  field: true,
  duration_months: true,
  tuition_amount: true,
  tuition_currency: true,
  tuition_period: true,
});
export type CourseCreateInput = z.infer<typeof courseCreateSchema>;
