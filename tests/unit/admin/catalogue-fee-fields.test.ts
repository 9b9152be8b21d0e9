import { describe, expect, it } from 'vitest';
import {
  amountField,
  depositFieldsSchema,
  intakeFeeFieldsSchema,
  parseWithMoney,
} from '../../../src/features/admin/catalogue/fee-fields.ts';
import { intakeFormSchema } from '../../../src/features/admin/catalogue/intake-schema.ts';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';

const errorsOf = (schema: typeof depositFieldsSchema | typeof intakeFeeFieldsSchema, input: object) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('a course deposit', () => {
  it('is stored in minor units with its currency and days to pay', () => {
    expect(
      depositFieldsSchema.parse({ deposit_amount: '500.00', deposit_currency: 'gbp', deposit_days: '14' }),
    ).toEqual({
      deposit_minor: 50000,
      deposit_currency: 'GBP',
      deposit_days: 14,
    });
    expect(
      depositFieldsSchema.parse({ deposit_amount: '50000', deposit_currency: 'JPY', deposit_days: '7' }),
    ).toMatchObject({
      deposit_minor: 50000,
    });
  });

  it('is none when all three are empty', () => {
    expect(depositFieldsSchema.parse({ deposit_amount: '', deposit_currency: '', deposit_days: '' })).toEqual(
      {
        deposit_minor: null,
        deposit_currency: null,
        deposit_days: null,
      },
    );
    expect(depositFieldsSchema.parse({})).toMatchObject({ deposit_minor: null });
  });

  it('needs all three, above zero, within 90 days, in its currency’s decimals', () => {
    expect(errorsOf(depositFieldsSchema, { deposit_amount: '500' })).toEqual({
      deposit_currency: 'A deposit needs its amount, currency and days to pay, or none of them.',
      deposit_days: 'A deposit needs its amount, currency and days to pay, or none of them.',
      deposit_amount: 'Enter an amount above zero in its currency, like 250.00.',
    });
    expect(
      errorsOf(depositFieldsSchema, { deposit_amount: '0', deposit_currency: 'GBP', deposit_days: '14' }),
    ).toHaveProperty('deposit_amount');
    expect(
      errorsOf(depositFieldsSchema, { deposit_amount: '1.5', deposit_currency: 'JPY', deposit_days: '14' }),
    ).toHaveProperty('deposit_amount');
    expect(
      errorsOf(depositFieldsSchema, { deposit_amount: '1', deposit_currency: 'GBP', deposit_days: '91' }),
    ).toHaveProperty('deposit_days');
  });

  it('shows in the form as it would be typed', () => {
    expect(amountField(50000, 'GBP')).toBe('500.00');
    expect(amountField(null, null)).toBe('');
  });
});

describe('an intake’s application fee', () => {
  it('may be zero, and blank means the course’s listed fee', () => {
    expect(
      intakeFeeFieldsSchema.parse({ application_fee_amount: '0', application_fee_currency: 'EUR' }),
    ).toEqual({
      application_fee_minor: 0,
      application_fee_currency: 'EUR',
    });
    expect(intakeFeeFieldsSchema.parse({ application_fee_amount: '', application_fee_currency: '' })).toEqual(
      {
        application_fee_minor: null,
        application_fee_currency: null,
      },
    );
  });

  it('needs both the amount and the currency', () => {
    expect(errorsOf(intakeFeeFieldsSchema, { application_fee_currency: 'GBP' })).toHaveProperty(
      'application_fee_amount',
    );
    expect(errorsOf(intakeFeeFieldsSchema, { application_fee_amount: '28.50' })).toHaveProperty(
      'application_fee_currency',
    );
  });

  it('is checked with the rest of the intake form, every problem named at once', () => {
    const parsed = parseWithMoney(intakeFormSchema, intakeFeeFieldsSchema, {
      term: '',
      application_fee_amount: 'abc',
      application_fee_currency: 'GBP',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.outcome.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['term', 'application_fee_amount']),
    );
  });
});
