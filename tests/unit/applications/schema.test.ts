import { describe, expect, it } from 'vitest';
import {
  academicStepSchema,
  courseStepSchema,
  englishStepSchema,
  personalStepSchema,
  STATEMENT_MAX,
  STATEMENT_MIN,
  statementStepSchema,
} from '../../../src/features/applications/schema.ts';
import { draftSaveSchema } from '../../../src/features/applications/draft.ts';
import { stepForField } from '../../../src/features/applications/steps.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const personal = {
  full_name: 'Amara Okafor',
  date_of_birth: '2004-03-14',
  nationality: 'NG',
  phone: '+234 803 555 0101',
  address_line: '4 Marina Road',
  city: 'Lagos',
  postal_code: '',
  country: 'NG',
};
const school = {
  institution: 'Kings College Lagos',
  qualification: 'WAEC',
  field: 'Sciences',
  country: 'NG',
  start_year: '2017',
  end_year: '2023',
  grade: 'A1 average',
};

describe('application step schemas', () => {
  it('needs both a course and an intake', () => {
    expect(messages(courseStepSchema.safeParse({ course_id: '', intake_id: null }))).toEqual({
      course_id: 'Choose a course.',
      intake_id: 'Choose the intake you want to start in.',
    });
  });

  it('accepts complete personal details and names each missing one', () => {
    expect(personalStepSchema.safeParse(personal).success).toBe(true);
    const errors = messages(personalStepSchema.safeParse({ ...personal, full_name: ' ', phone: 'call me' }));
    expect(errors['full_name']).toMatch(/full name/);
    expect(errors['phone']).toMatch(/phone number/);
  });

  it('needs at least one school and refuses an end before the start', () => {
    expect(messages(academicStepSchema.safeParse({ academic: [] }))).toEqual({
      academic: 'Add your most recent school or university.',
    });
    const errors = messages(academicStepSchema.safeParse({ academic: [{ ...school, end_year: '2010' }] }));
    expect(errors['academic.0.end_year']).toBe('The end year cannot be before the start year.');
  });

  it('checks English scores against the test scale', () => {
    expect(englishStepSchema.safeParse({ test: 'ielts', score: '6.5', taken_on: '2025-05-01' }).success).toBe(
      true,
    );
    expect(
      messages(englishStepSchema.safeParse({ test: 'ielts', score: '6.3', taken_on: '2025-05-01' })),
    ).toEqual({
      score: 'IELTS Academic scores run from 0 to 9 in steps of 0.5.',
    });
    expect(
      messages(englishStepSchema.safeParse({ test: 'toefl', score: '95', taken_on: '2999-01-01' })),
    ).toHaveProperty('taken_on');
  });

  it(`rejects a statement under ${STATEMENT_MIN} or over ${STATEMENT_MAX} characters`, () => {
    expect(statementStepSchema.safeParse({ statement: 'x'.repeat(STATEMENT_MIN - 1) }).success).toBe(false);
    expect(statementStepSchema.safeParse({ statement: 'x'.repeat(STATEMENT_MIN) }).success).toBe(true);
    expect(statementStepSchema.safeParse({ statement: 'x'.repeat(STATEMENT_MAX + 1) }).success).toBe(false);
  });
});

describe('draft saves', () => {
  it('accept half-typed answers but drop fields that do not fit', () => {
    const parsed = draftSaveSchema.parse({
      course_id: null,
      intake_id: null,
      current_step: 'personal',
      answers: { personal: { full_name: 'Am', nationality: 'Nigeria' }, statement: 'Dear' },
      changed_at: '2026-11-21T10:00:00.000Z',
    });
    expect(parsed.answers.personal).toEqual({ full_name: 'Am', nationality: '' });
    expect(parsed.answers.statement).toBe('Dear');
  });

  it('refuse an unknown step', () => {
    expect(
      draftSaveSchema.safeParse({
        course_id: null,
        intake_id: null,
        current_step: 'pay',
        answers: {},
        changed_at: '2026-11-21T10:00:00Z',
      }).success,
    ).toBe(false);
  });
});

describe('stepForField', () => {
  it('maps the server’s problem fields to the step that fixes them', () => {
    expect(stepForField('intake_id')).toBe('course');
    expect(stepForField('answers.personal.phone')).toBe('personal');
    expect(stepForField('education')).toBe('academic');
    expect(stepForField('english_test')).toBe('english');
    expect(stepForField('documents.passport')).toBe('documents');
    expect(stepForField('something_else')).toBe('review');
  });
});
