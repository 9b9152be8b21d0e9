import { z } from 'zod';
import { isIsoCountryCode } from '../../lib/countries.ts';
import { passportNumberRule } from '../../lib/passport-number.ts';
import { newPasswordSchema } from '../../lib/security/password-rule.ts';
import { englishScaleMessage, isEnglishTest, onEnglishScale } from '../../lib/english-tests.ts';

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`);
const optionalText = (max: number, label: string) => text(max, label).transform((value) => value || null);
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || isIsoCountryCode(value), 'Choose a country from the list.')
  .transform((value) => value || null);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const today = () => new Date().toISOString().slice(0, 10);

export const personalDetailsSchema = z.object({
  full_name: text(120, 'Full name').min(1, 'Enter your full name as it appears in your passport.'),
  date_of_birth: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (isoDate.test(value) && value >= '1900-01-01' && value < today()),
      'Enter a real date of birth in the past.',
    )
    .transform((value) => value || null),
  nationality: countryCode,
  phone: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^\+?[0-9 ()-]{6,24}$/.test(value),
      'Enter a phone number with digits only, like +44 20 7946 0321.',
    )
    .transform((value) => value || null),
  passport_number: passportNumberRule.transform((value) => value || null),
  address_line: optionalText(200, 'Address'),
  city: optionalText(100, 'City'),
  postal_code: optionalText(20, 'Postal code'),
  country: countryCode,
});
export type PersonalDetailsInput = z.infer<typeof personalDetailsSchema>;

/** Rows of repeated fields arrive flat (`education.0.institution`); this regroups them by index. */
export function rowsFrom(fields: Record<string, unknown>, prefix: string): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const match = new RegExp(`^${prefix}\\.(\\d{1,2})\\.([a-z_]+)$`).exec(name);
    if (!match || typeof value !== 'string') continue;
    const index = Number(match[1]);
    rows[index] = { ...rows[index], [String(match[2])]: value };
  }
  return Array.from(rows, (row) => row ?? {});
}

const isBlank = (row: Record<string, unknown>) =>
  Object.values(row).every((value) => value === '' || value === undefined);
const year = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d{4}$/.test(value) && Number(value) >= 1950 && Number(value) <= 2100),
      `${label}: enter a year like 2024.`,
    );

const educationRowSchema = z
  .object({
    institution: text(160, 'School or university').default(''),
    qualification: text(120, 'Qualification').default(''),
    field: text(120, 'Subject').default(''),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || isIsoCountryCode(value), 'Choose a country from the list.')
      .default(''),
    start_year: year('Start year').default(''),
    end_year: year('End year').default(''),
    grade: text(40, 'Grade').default(''),
  })
  .superRefine((row, context) => {
    if (isBlank(row)) return;
    if (!row.institution)
      context.addIssue({ code: 'custom', path: ['institution'], message: 'Enter the school or university.' });
    if (!row.qualification)
      context.addIssue({
        code: 'custom',
        path: ['qualification'],
        message: 'Enter the qualification, like A levels or BSc.',
      });
    if (row.start_year && row.end_year && row.end_year < row.start_year)
      context.addIssue({
        code: 'custom',
        path: ['end_year'],
        message: 'The end year cannot be before the start year.',
      });
  });

export const educationSchema = z.preprocess(
  (fields) => ({ education: rowsFrom((fields ?? {}) as Record<string, unknown>, 'education') }),
  z.object({
    education: z
      .array(educationRowSchema)
      .max(20, 'Add at most 20 entries.')
      .transform((rows) => rows.filter((row) => !isBlank(row))),
  }),
);
export type EducationInput = z.infer<typeof educationSchema>;

const testRowSchema = z
  .object({
    test: z.string().default(''),
    score: z.string().trim().default(''),
    taken_on: z.string().trim().default(''),
  })
  .superRefine((row, context) => {
    if (isBlank(row)) return;
    const test = row.test;
    if (!isEnglishTest(test))
      return context.addIssue({ code: 'custom', path: ['test'], message: 'Choose the test.' });
    if (row.score === '' || !onEnglishScale(test, Number(row.score)))
      context.addIssue({ code: 'custom', path: ['score'], message: englishScaleMessage(test) });
    if (!isoDate.test(row.taken_on) || row.taken_on > today())
      context.addIssue({
        code: 'custom',
        path: ['taken_on'],
        message: 'Enter the date you took the test; it cannot be in the future.',
      });
  });

export const testScoresSchema = z.preprocess(
  (fields) => ({ test_scores: rowsFrom((fields ?? {}) as Record<string, unknown>, 'test_scores') }),
  z.object({
    test_scores: z
      .array(testRowSchema)
      .max(20, 'Add at most 20 test results.')
      .transform((rows) =>
        rows.filter((row) => !isBlank(row)).map((row) => ({ ...row, score: Number(row.score) })),
      ),
  }),
);
export type TestScoresInput = z.infer<typeof testScoresSchema>;

export const changePasswordSchema = z
  .object({
    password: newPasswordSchema,
    password_confirm: z.string(),
    nonce: z
      .string()
      .trim()
      .regex(/^\d{6,10}$/, 'Enter the verification code we e-mailed you.'),
  })
  .refine((value) => value.password === value.password_confirm, {
    message: 'The passwords do not match.',
    path: ['password_confirm'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const mfaVerifySchema = z.object({
  factor_id: z.uuid('Start the set-up again.'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type MfaVerifyInput = z.infer<typeof mfaVerifySchema>;

export const mfaRemoveSchema = z.object({
  factor_id: z.uuid('Choose the authenticator to remove.'),
});

export const DELETE_CONFIRMATION = 'DELETE';
export const deleteAccountSchema = z.object({
  confirm: z
    .string()
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm.`),
});

/** /profile: reminders about deadlines and replies, a checkbox (absent when unticked). */
export const remindersSchema = z.object({
  reminders: z
    .enum(['on'], 'Tick the box or leave it empty.')
    .optional()
    .transform((value) => value === 'on'),
});

export const PROFILE_FORMS = {
  'save-personal': personalDetailsSchema,
  'save-education': educationSchema,
  'save-tests': testScoresSchema,
  reauthenticate: z.object({}),
  'change-password': changePasswordSchema,
  'mfa-enroll': z.object({}),
  'mfa-verify': mfaVerifySchema,
  'mfa-remove': mfaRemoveSchema,
  'mfa-recovery-codes': z.object({}),
  'sign-out-others': z.object({}),
  'delete-account': deleteAccountSchema,
  'save-reminders': remindersSchema,
} as const;
export type ProfileIntent = keyof typeof PROFILE_FORMS;

export function isProfileIntent(value: unknown): value is ProfileIntent {
  return typeof value === 'string' && Object.hasOwn(PROFILE_FORMS, value);
}
