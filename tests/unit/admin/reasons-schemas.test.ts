import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  reasonActiveSchema,
  reasonCreateSchema,
  reasonDeleteSchema,
  reasonEditSchema,
} from '../../../src/features/admin/reasons/reason-schemas.ts';

const ID = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const WORDING = 'Your portfolio did not show the range of work this course needs.';

function errors(schema: z.ZodType, fields: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(fields);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('decision reason forms', () => {
  it('adds a reason to one of the three negative outcomes, listed at 100 unless told', () => {
    expect(
      reasonCreateSchema.parse({ outcome: 'rejected', public_wording: ` ${WORDING} `, position: '' }),
    ).toEqual({
      outcome: 'rejected',
      public_wording: WORDING,
      position: 100,
    });
    for (const outcome of ['waitlisted', 'offer_conditional', ''])
      expect(errors(reasonCreateSchema, { outcome, public_wording: WORDING })).toEqual({
        outcome: 'Choose the outcome this reason is for.',
      });
  });

  it('needs public wording of 10 to 500 characters, as the database does', () => {
    expect(errors(reasonCreateSchema, { outcome: 'rejected', public_wording: '  Exactly 10 ' })).toEqual({});
    expect(errors(reasonCreateSchema, { outcome: 'rejected', public_wording: ' Short ' })).toEqual({
      public_wording: 'Write at least 10 characters: the applicant reads this as the reason.',
    });
    expect(
      errors(reasonCreateSchema, { outcome: 'rejected', public_wording: 'x'.repeat(501) }),
    ).toHaveProperty('public_wording');
  });

  it('takes a whole order from 0 to 10,000', () => {
    const base = { outcome: 'offer_withdrawn', public_wording: WORDING };
    expect(reasonCreateSchema.parse({ ...base, position: '0' }).position).toBe(0);
    for (const position of ['-1', '10001', '2.5', 'first'])
      expect(errors(reasonCreateSchema, { ...base, position }), position).toHaveProperty('position');
  });

  it('edits the wording and order only with the version the form was opened with', () => {
    expect(
      reasonEditSchema.parse({ reason_id: ID, version: '3', public_wording: WORDING, position: '5' }),
    ).toEqual({
      reason_id: ID,
      version: 3,
      public_wording: WORDING,
      position: 5,
    });
    expect(errors(reasonEditSchema, { reason_id: ID, public_wording: WORDING, position: '5' })).toEqual({
      version: 'This form does not say which version of the reason it is based on. Reload the page.',
    });
  });

  it('retires or reactivates a reason by id and version, and deletes by id', () => {
    expect(reasonActiveSchema.parse({ reason_id: ID, version: '2', active: 'false' })).toEqual({
      reason_id: ID,
      version: 2,
      active: false,
    });
    expect(errors(reasonActiveSchema, { reason_id: ID, version: '2', active: 'maybe' })).toHaveProperty(
      'active',
    );
    expect(errors(reasonDeleteSchema, { reason_id: 'the first one' })).toEqual({
      reason_id: 'This reason is not recognised. Reload the page and try again.',
    });
  });
});
