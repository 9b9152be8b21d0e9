import { z } from 'zod';
import {
  checkboxRule,
  httpsUrlRule,
  optionalCurrencyRule,
  optionalDay,
  optionalNumber,
  optionalText,
  requiredText,
  slugRule,
} from './field-rules.ts';
import { COURSE_LEVELS } from './options.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const AWARD_KINDS = ['amount', 'percentage'] as const;
export const AWARD_PERIODS = ['year', 'total'] as const;
export const PAYS_TOWARDS = ['tuition', 'living', 'tuition_and_living'] as const;
export const SCOPES = ['any', 'university', 'courses'] as const;

/** A comma- or line-separated list, trimmed, without blanks or repeats. */
const listText = (label: string, item: RegExp, message: string, max = 20) =>
  z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(/[,\n]/)
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .refine((items) => items.length <= max, `${label}: at most ${max} entries.`)
    .refine((items) => items.every((entry) => item.test(entry)), message);

const levelFields = Object.fromEntries(
  COURSE_LEVELS.map((level) => [`level_${level}`, checkboxRule]),
) as Record<`level_${(typeof COURSE_LEVELS)[number]}`, typeof checkboxRule>;

/** The scholarship form, mirroring public.scholarships' check constraints; the result is the row to write. */
export const scholarshipFormSchema = z
  .object({
    name: requiredText('Name', 2, 200),
    provider: requiredText('Provider', 2, 200),
    slug: slugRule(160),
    description: optionalText('Description', 4000),
    award_kind: z.enum(AWARD_KINDS, { error: 'Choose an amount or a percentage.' }),
    amount: optionalNumber('Amount', { min: 1, max: 10_000_000, places: 2 }),
    currency: optionalCurrencyRule,
    percentage: optionalNumber('Percentage', { min: 1, max: 100, places: 0 }),
    award_period: z.enum(AWARD_PERIODS, { error: 'Choose a year or the whole course.' }),
    pays_towards: z.enum(PAYS_TOWARDS, { error: 'Choose what the award pays for.' }),
    ...levelFields,
    nationalities: listText(
      'Nationalities',
      /^[A-Za-z]{2}$/,
      'Enter two-letter country codes, like NG, GH.',
      250,
    ),
    subject_areas: listText('Subject areas', /^.{2,80}$/, 'Each subject area needs 2 to 80 characters.'),
    min_grade_percent: optionalNumber('Minimum grade', { min: 0, max: 100, places: 0 }),
    min_gpa: optionalNumber('Minimum GPA', { min: 0, max: 4, places: 2 }),
    deadline: optionalDay('Deadline'),
    applies_to: z.enum(SCOPES, { error: 'Choose what the scholarship applies to.' }),
    university_id: z
      .string()
      .optional()
      .refine((value) => !value || UUID.test(value), 'Choose a university from the list.')
      .transform((value) => value || null),
    courses: listText(
      'Courses',
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      'Enter course web addresses (slugs), one a line.',
      100,
    ),
    source_url: httpsUrlRule,
    visible: checkboxRule,
    verified: checkboxRule,
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.award_kind === 'amount' && form.amount === null) issue('amount', 'Enter the amount.');
    if (form.award_kind === 'amount' && form.currency === null)
      issue('currency', 'Choose the currency of the amount.');
    if (form.award_kind === 'percentage' && form.percentage === null)
      issue('percentage', 'Enter the percentage.');
    if (form.award_kind === 'percentage' && form.pays_towards === 'living')
      issue('pays_towards', 'A percentage of the tuition pays towards the tuition.');
    if (form.applies_to !== 'any' && form.university_id === null)
      issue('university_id', 'Choose the university.');
    if (form.applies_to === 'courses' && form.courses.length === 0)
      issue('courses', 'Name at least one course.');
  })
  .transform((form) => ({
    row: {
      name: form.name,
      provider: form.provider,
      slug: form.slug,
      description: form.description,
      award_kind: form.award_kind,
      amount: form.award_kind === 'amount' ? form.amount : null,
      currency: form.award_kind === 'amount' ? form.currency : null,
      percentage: form.award_kind === 'percentage' ? form.percentage : null,
      award_period: form.award_period,
      pays_towards: form.pays_towards,
      levels: COURSE_LEVELS.filter((level) => form[`level_${level}`]),
      nationalities: form.nationalities.map((code) => code.toUpperCase()),
      subject_areas: form.subject_areas,
      min_grade_percent: form.min_grade_percent,
      min_gpa: form.min_gpa,
      deadline: form.deadline,
      applies_to: form.applies_to,
      university_id: form.applies_to === 'any' ? null : form.university_id,
      source_url: form.source_url,
      visible: form.visible,
    },
    courses: form.applies_to === 'courses' ? form.courses : [],
    verified: form.verified,
  }));
export type ScholarshipFormResult = z.infer<typeof scholarshipFormSchema>;

export const SCHOLARSHIP_LABELS = {
  name: 'Name',
  provider: 'Provider',
  slug: 'Web address',
  description: 'Description',
  award_kind: 'Award',
  amount: 'Amount',
  currency: 'Currency',
  percentage: 'Percentage of the tuition',
  award_period: 'Paid',
  pays_towards: 'Pays towards',
  nationalities: 'Nationalities (empty: any)',
  subject_areas: 'Subject areas (empty: any)',
  min_grade_percent: 'Minimum grade (%)',
  min_gpa: 'Minimum GPA (out of 4)',
  deadline: 'Deadline',
  applies_to: 'Applies to',
  university_id: 'University',
  courses: 'Courses (web addresses, one a line)',
  source_url: 'Official page',
  visible: 'Visible to visitors',
  verified: 'Checked against the official page today',
} as const;
