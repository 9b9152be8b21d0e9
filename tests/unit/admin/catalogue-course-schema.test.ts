import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import { courseCreateSchema, courseFormSchema } from '../../../src/features/admin/catalogue/course-schema.ts';

const VALID = {
  title: 'MSc Data Science',
  slug: 'northgate-university-msc-data-science',
  level: 'master',
  field: 'Computer science',
  duration_months: '12',
  study_mode: 'full_time',
  language: 'EN',
  tuition_amount: '24500.50',
  tuition_currency: 'GBP',
  tuition_period: 'year',
  application_fee: '',
  application_fee_currency: '',
  entry_requirements: 'A bachelor’s degree in a quantitative subject.',
  min_grade_percent: '60',
  min_gpa: '3.2',
  required_prior_level: 'bachelor',
  min_ielts: '6.5',
  min_toefl: '',
  min_pte: '58',
  min_duolingo: '',
  max_choices: '2',
  description: 'Statistics, machine learning and data engineering.',
  published: 'on',
};

const errorsOf = (input: Record<string, string>) => {
  const result = courseFormSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('course form', () => {
  it('turns a complete form into the row the table stores', () => {
    expect(courseFormSchema.parse(VALID)).toMatchObject({
      duration_months: 12,
      language: 'en',
      tuition_amount: 24500.5,
      application_fee: 0,
      application_fee_currency: null,
      min_grade_percent: 60,
      min_gpa: 3.2,
      required_prior_level: 'bachelor',
      min_ielts: 6.5,
      min_toefl: null,
      min_pte: 58,
      min_duolingo: null,
      max_choices: 2,
      published: true,
      verified: false,
    });
  });

  it('leaves the prior level and the cap on choices empty when none is given', () => {
    expect(courseFormSchema.parse({ ...VALID, max_choices: '' }).max_choices).toBeNull();
    expect(courseFormSchema.parse({ ...VALID, required_prior_level: '' }).required_prior_level).toBeNull();
  });

  it.each([
    ['title', 'M', 'Title needs at least 2 characters.'],
    ['level', 'postdoc', 'Choose the level of study.'],
    ['field', 'x'.repeat(81), 'Field of study can be at most 80 characters.'],
    ['duration_months', '0', 'Duration in months must be a whole number from 1 to 120.'],
    ['duration_months', '', 'Enter the duration in months.'],
    ['study_mode', 'evenings', 'Choose how the course is taught.'],
    ['language', 'eng', 'Enter the two-letter language code, like en.'],
    ['tuition_amount', '-1', 'Tuition must be a number from 0 to 9999999999.99.'],
    ['tuition_amount', '100.555', 'Tuition must be a number from 0 to 9999999999.99.'],
    ['tuition_period', 'month', 'Choose whether tuition is per year or for the course.'],
    ['application_fee_currency', 'pounds', 'Choose a three-letter currency code, like GBP.'],
    ['min_grade_percent', '101', 'Minimum grade must be a whole number from 0 to 100.'],
    ['min_gpa', '4.5', 'Minimum GPA must be a number from 0 to 4.'],
    ['required_prior_level', 'doctorate', 'Choose the level applicants must have finished.'],
    ['min_ielts', '9.5', 'Minimum IELTS must be a number from 0 to 9.'],
    ['min_toefl', '121', 'Minimum TOEFL must be a whole number from 0 to 120.'],
    ['min_pte', '9', 'Minimum PTE must be a whole number from 10 to 90.'],
    ['min_duolingo', '161', 'Minimum Duolingo must be a whole number from 10 to 160.'],
    ['max_choices', '0', 'The cap on choices must be a whole number from 1 to 10.'],
    ['max_choices', '11', 'The cap on choices must be a whole number from 1 to 10.'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts the edges the table allows', () => {
    const edges = { min_ielts: '9', min_toefl: '0', min_pte: '10', min_duolingo: '160', min_gpa: '4' };
    expect(errorsOf({ ...VALID, ...edges, duration_months: '120', tuition_amount: '0' })).toEqual({});
  });
});

describe('new course form', () => {
  it('needs title, level, field, duration and tuition', () => {
    const parsed = courseCreateSchema.parse({
      title: 'BA History',
      slug: 'northgate-ba-history',
      level: 'bachelor',
      field: 'History',
      duration_months: '36',
      tuition_amount: '9250',
      tuition_currency: 'GBP',
      tuition_period: 'year',
    });
    expect(parsed).toEqual({
      title: 'BA History',
      slug: 'northgate-ba-history',
      level: 'bachelor',
      field: 'History',
      duration_months: 36,
      tuition_amount: 9250,
      tuition_currency: 'GBP',
      tuition_period: 'year',
    });
  });

  it('names each missing field', () => {
    const result = courseCreateSchema.safeParse({ title: 'BA History', slug: 'ba-history' });
    expect(result.success).toBe(false);
    expect(Object.keys(result.error ? fieldErrorsOf(result.error) : {}).sort()).toEqual([
      'duration_months',
      'field',
      'level',
      'tuition_amount',
      'tuition_currency',
      'tuition_period',
    ]);
  });
});
