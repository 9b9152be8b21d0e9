import { z } from 'zod';
import { isIsoCountryCode } from '../../lib/countries.ts';
import { isPriorLevel } from '../../lib/course-options.ts';
import { passportNumberRule } from '../../lib/passport-number.ts';
import { ENGLISH_TEST_CODES, englishScaleMessage, onEnglishScale } from '../../lib/english-tests.ts';

/** Statement length limits; the database enforces the same on submission. */
export const STATEMENT_MIN = 300;
export const STATEMENT_MAX = 5000;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const today = () => new Date().toISOString().slice(0, 10);
const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`);
const required = (max: number, label: string, message: string) => text(max, label).min(1, message);

export const courseStepSchema = z.object({
  course_id: z.uuid('Choose a course.'),
  intake_id: z.uuid('Choose the intake you want to start in.'),
});

export const personalStepSchema = z.object({
  full_name: required(120, 'Full name', 'Enter your full name as it appears in your passport.'),
  date_of_birth: z
    .string()
    .trim()
    .refine(
      (value) => isoDate.test(value) && value >= '1900-01-01' && value < today(),
      'Enter your date of birth.',
    ),
  nationality: z.string().trim().refine(isIsoCountryCode, 'Choose your nationality.'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,24}$/, 'Enter a phone number with digits only, like +44 20 7946 0321.'),
  address_line: required(200, 'Address', 'Enter your address.'),
  city: required(100, 'City', 'Enter your city.'),
  postal_code: text(20, 'Postal code'),
  passport_number: passportNumberRule,
  country: z.string().trim().refine(isIsoCountryCode, 'Choose the country you live in.'),
});
export type PersonalStepInput = z.infer<typeof personalStepSchema>;

const year = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => /^\d{4}$/.test(value) && Number(value) >= 1950 && Number(value) <= 2100,
      `${label}: enter a year like 2024.`,
    );

export const educationRowSchema = z
  .object({
    institution: required(160, 'School or university', 'Enter the school or university.'),
    qualification: required(120, 'Qualification', 'Enter the qualification, like A levels or BSc.'),
    field: text(120, 'Subject'),
    country: z
      .string()
      .trim()
      .refine((value) => value === '' || isIsoCountryCode(value), 'Choose a country from the list.'),
    start_year: year('Start year'),
    end_year: year('End year'),
    grade: required(40, 'Grade', 'Enter your grade or expected grade.'),
    level: z
      .string()
      .optional()
      .refine((value) => !value || isPriorLevel(value), 'Choose a level from the list.'),
  })
  .refine((row) => row.end_year >= row.start_year, {
    path: ['end_year'],
    message: 'The end year cannot be before the start year.',
  });
export type EducationRow = z.infer<typeof educationRowSchema>;

export const academicStepSchema = z.object({
  academic: z
    .array(educationRowSchema)
    .min(1, 'Add your most recent school or university.')
    .max(10, 'Add at most 10 entries.'),
});

/** Score ranges of each accepted English test. */
export const englishStepSchema = z
  .object({
    test: z.enum(ENGLISH_TEST_CODES, 'Choose the test you took.'),
    score: z.string().trim(),
    taken_on: z.string().trim(),
  })
  .superRefine((row, context) => {
    if (row.score === '' || !onEnglishScale(row.test, Number(row.score)))
      context.addIssue({ code: 'custom', path: ['score'], message: englishScaleMessage(row.test) });
    if (!isoDate.test(row.taken_on) || row.taken_on > today())
      context.addIssue({
        code: 'custom',
        path: ['taken_on'],
        message: 'Enter the date you took the test; it cannot be in the future.',
      });
  });

export const statementStepSchema = z.object({
  statement: z
    .string()
    .trim()
    .min(STATEMENT_MIN, `Write at least ${STATEMENT_MIN} characters.`)
    .max(STATEMENT_MAX, `Keep it to ${STATEMENT_MAX} characters at most.`),
});
