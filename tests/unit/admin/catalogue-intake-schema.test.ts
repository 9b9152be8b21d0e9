import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import { intakeFormSchema } from '../../../src/features/admin/catalogue/intake-schema.ts';

const VALID = {
  term: 'September 2027',
  opens_at: '2026-10-01',
  deadline: '2027-06-30',
  reply_by: '2027-07-31',
  start_date: '2027-09-20',
  capacity: '40',
  over_offer: '3',
  release_mode: 'batch',
};

const errorsOf = (input: Record<string, string>) => {
  const result = intakeFormSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('intake form', () => {
  it('keeps the dates and reads the places and over-offers as numbers', () => {
    expect(intakeFormSchema.parse(VALID)).toEqual({
      ...VALID,
      capacity: 40,
      over_offer: 3,
      reads_required: 2,
      references_min: 0,
      references_max: 0,
      submit_before_references: false,
    });
  });

  it('reads the references needed and taken (0 to 5, needed no more than taken) and whether submission waits', () => {
    const parsed = intakeFormSchema.parse({
      ...VALID,
      references_min: '2',
      references_max: '3',
      submit_before_references: 'on',
    });
    expect([parsed.references_min, parsed.references_max, parsed.submit_before_references]).toEqual([
      2,
      3,
      true,
    ]);
    expect(errorsOf({ ...VALID, references_min: '3', references_max: '2' })).toEqual({
      references_min: 'The references needed cannot be more than the references taken.',
    });
    expect(errorsOf({ ...VALID, references_max: '6' })).toHaveProperty('references_max');
  });

  it('reads how many readers score each application: 1 to 5, 2 when left empty', () => {
    expect(intakeFormSchema.parse({ ...VALID, reads_required: '3' }).reads_required).toBe(3);
    expect(intakeFormSchema.parse({ ...VALID, reads_required: '' }).reads_required).toBe(2);
    expect(errorsOf({ ...VALID, reads_required: '6' })).toHaveProperty('reads_required');
    expect(errorsOf({ ...VALID, reads_required: '0' })).toHaveProperty('reads_required');
  });

  it('leaves optional dates and places empty: no limit and no over-offers', () => {
    expect(
      intakeFormSchema.parse({ ...VALID, opens_at: '', reply_by: '', capacity: '', over_offer: '' }),
    ).toEqual({
      term: 'September 2027',
      opens_at: null,
      deadline: '2027-06-30',
      reply_by: null,
      start_date: '2027-09-20',
      capacity: null,
      over_offer: 0,
      release_mode: 'batch',
      reads_required: 2,
      references_min: 0,
      references_max: 0,
      submit_before_references: false,
    });
  });

  it('takes no over-offer allowance as 0', () => {
    expect(intakeFormSchema.parse({ ...VALID, over_offer: '0' }).over_offer).toBe(0);
    expect(intakeFormSchema.parse({ ...VALID, over_offer: undefined as unknown as string }).over_offer).toBe(
      0,
    );
  });

  it('refuses an over-offer allowance without places to go beyond', () => {
    expect(errorsOf({ ...VALID, capacity: '', over_offer: '2' })).toEqual({
      over_offer: 'Set the number of places first: an over-offer allowance goes beyond them.',
    });
    expect(errorsOf({ ...VALID, capacity: '', over_offer: '0' })).toEqual({});
  });

  it('asks how decisions are released', () => {
    expect(errorsOf({ ...VALID, release_mode: '' })).toEqual({
      release_mode: 'Choose how decisions are released.',
    });
    expect(errorsOf({ ...VALID, release_mode: 'whenever' })).toEqual({
      release_mode: 'Choose how decisions are released.',
    });
    expect(intakeFormSchema.parse({ ...VALID, release_mode: 'rolling' }).release_mode).toBe('rolling');
  });

  it('allows the deadline on the start date and the reply-by on the deadline', () => {
    expect(
      errorsOf({ ...VALID, deadline: '2027-09-20', reply_by: '2027-09-20', opens_at: '2027-09-20' }),
    ).toEqual({});
  });

  it('refuses a deadline after the start date', () => {
    expect(errorsOf({ ...VALID, deadline: '2027-10-01', reply_by: '' })).toEqual({
      deadline: 'The deadline must be on or before the start date.',
    });
  });

  it('refuses applications opening after the deadline', () => {
    expect(errorsOf({ ...VALID, opens_at: '2027-07-01' })).toEqual({
      opens_at: 'Applications must open on or before the deadline.',
    });
  });

  it('refuses a reply-by date before the deadline', () => {
    expect(errorsOf({ ...VALID, reply_by: '2027-06-29' })).toEqual({
      reply_by: 'The reply-by date must be on or after the deadline.',
    });
  });

  it('checks the dates even when another field is wrong', () => {
    expect(errorsOf({ ...VALID, term: 'X', deadline: '2027-10-01', reply_by: '' })).toEqual({
      term: 'Term needs at least 2 characters.',
      deadline: 'The deadline must be on or before the start date.',
    });
  });

  it.each([
    ['start_date', '', 'Enter the start date.'],
    ['start_date', '2027-02-30', 'Enter the start date as a real date.'],
    ['deadline', '30/06/2027', 'Enter the deadline as a real date.'],
    ['opens_at', '2026-13-01', 'Enter the opening date as a real date.'],
    ['capacity', '0', 'Places must be a whole number from 1 to 100000.'],
    ['capacity', '2.5', 'Places must be a whole number from 1 to 100000.'],
    ['over_offer', '-1', 'Over-offer allowance must be a whole number from 0 to 100000.'],
    ['over_offer', '1.5', 'Over-offer allowance must be a whole number from 0 to 100000.'],
    ['term', 'x'.repeat(61), 'Term can be at most 60 characters.'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({ [field]: message });
  });

  it('has no status field: a status in the post is ignored', () => {
    expect(intakeFormSchema.parse({ ...VALID, status: 'open' })).not.toHaveProperty('status');
  });
});
