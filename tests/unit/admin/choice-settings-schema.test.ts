import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  maxChoicesSchema,
  staffUniversitiesSchema,
} from '../../../src/features/admin/choices/choice-settings-schema.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const errorsOf = (result: ReturnType<typeof staffUniversitiesSchema.safeParse>) =>
  result.success ? {} : fieldErrorsOf(result.error);

describe('the number of choices per application', () => {
  it('takes a whole number from 1 to 10', () => {
    expect(maxChoicesSchema.parse({ max_choices: ' 1 ' })).toEqual({ max_choices: 1 });
    expect(maxChoicesSchema.parse({ max_choices: '10' })).toEqual({ max_choices: 10 });
  });

  it.each(['', '0', '11', '2.5', 'five', '-3'])('refuses %j with one message on the field', (value) => {
    const result = maxChoicesSchema.safeParse({ max_choices: value });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({
      max_choices: 'Enter a whole number of choices from 1 to 10.',
    });
  });
});

describe('the universities a counsellor decides for', () => {
  it('are the ticked boxes when only those are chosen, each once', () => {
    const fields = { scope: 'only', [`university_${A}`]: 'yes', [`university_${B}`]: 'yes', intent: 'x' };
    expect(staffUniversitiesSchema.parse(fields)).toEqual({ university_ids: [A, B] });
  });

  it('are none (every university) when every university is chosen, whatever is ticked', () => {
    expect(staffUniversitiesSchema.parse({ scope: 'all', [`university_${A}`]: 'yes' })).toEqual({
      university_ids: [],
    });
  });

  it('ask for a tick when only the ticked ones are chosen and none is', () => {
    expect(errorsOf(staffUniversitiesSchema.safeParse({ scope: 'only', [`university_${A}`]: '' }))).toEqual({
      university_ids: 'Tick at least one university, or choose every university.',
    });
  });

  it('refuse a missing choice and a box that names no university', () => {
    expect(errorsOf(staffUniversitiesSchema.safeParse({}))).toEqual({
      scope: 'Choose every university, or only the ones you tick.',
    });
    expect(
      Object.values(
        errorsOf(staffUniversitiesSchema.safeParse({ scope: 'only', 'university_x;drop': 'yes' })),
      ),
    ).toEqual(['One of those universities is not recognised. Reload the page and choose again.']);
  });
});
