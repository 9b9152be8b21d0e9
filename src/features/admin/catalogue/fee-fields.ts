import { z } from 'zod';
import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { minorToText, parseMinor } from '../../payments/money.ts';
import type { Parsed } from './catalogue-post.server.ts';
import { optionalCurrencyRule, optionalNumber } from './field-rules.ts';

/**
 * Money fields of the catalogue forms, typed as people write amounts ("250.00") and stored in the
 * minor units of their currency. The database checks each group is all or none
 * (courses_deposit_whole, intakes_application_fee_whole); these say so before it has to.
 */

const amountText = z.string().trim().max(20, 'Enter the amount as a number, like 250.00.').default('');

function minorOf(
  amount: string,
  currency: string | null,
  ctx: z.RefinementCtx,
  field: string,
  above: number,
): number | null {
  const minor = currency ? parseMinor(amount, currency) : null;
  if (minor === null || minor < above) {
    const least = above > 0 ? 'above zero' : 'of zero or more';
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: `Enter an amount ${least} in ${currency ?? 'its currency'}, like 250.00.`,
    });
  }
  return minor;
}

/** A course's deposit, raised when an offer is accepted: amount, currency and days to pay, or none. */
export const depositFieldsSchema = z
  .object({
    deposit_amount: amountText,
    deposit_currency: optionalCurrencyRule,
    deposit_days: optionalNumber('Days to pay', { min: 1, max: 90, places: 0 }),
  })
  .transform((value, ctx) => {
    const { deposit_amount: amount, deposit_currency: currency, deposit_days: days } = value;
    if (!amount && !currency && days === null) {
      return { deposit_minor: null, deposit_currency: null, deposit_days: null };
    }
    const whole = 'A deposit needs its amount, currency and days to pay, or none of them.';
    if (!currency) ctx.addIssue({ code: 'custom', path: ['deposit_currency'], message: whole });
    if (days === null) ctx.addIssue({ code: 'custom', path: ['deposit_days'], message: whole });
    const minor = minorOf(amount, currency, ctx, 'deposit_amount', 1);
    return { deposit_minor: minor, deposit_currency: currency, deposit_days: days };
  });

/** An intake's own application fee, always charged; blank for the course's listed fee. */
export const intakeFeeFieldsSchema = z
  .object({
    application_fee_amount: amountText,
    application_fee_currency: optionalCurrencyRule,
  })
  .transform((value, ctx) => {
    const { application_fee_amount: amount, application_fee_currency: currency } = value;
    if (!amount && !currency) return { application_fee_minor: null, application_fee_currency: null };
    if (!currency) {
      const message = 'Choose the currency of the intake fee, or leave both empty.';
      ctx.addIssue({ code: 'custom', path: ['application_fee_currency'], message });
    }
    const minor = minorOf(amount, currency, ctx, 'application_fee_amount', 0);
    return { application_fee_minor: minor, application_fee_currency: currency };
  });

/** Stored minor units as the form's amount field shows them; blank when there is none. */
export function amountField(minor: number | null, currency: string | null): string {
  return minor === null || !currency ? '' : minorToText(minor, currency);
}

/**
 * A post checked against a form's schema and its money fields' at once, so every field with a
 * problem is named in one answer; the data of both when both pass.
 */
export function parseWithMoney<T, M>(
  schema: z.ZodType<T>,
  money: z.ZodType<M>,
  fields: Record<string, string>,
): Parsed<T & M> {
  const main = schema.safeParse(fields);
  const extra = money.safeParse(fields);
  if (main.success && extra.success) return { ok: true, data: { ...main.data, ...extra.data } };
  const errors = {
    ...(main.success ? {} : fieldErrorsOf(main.error)),
    ...(extra.success ? {} : fieldErrorsOf(extra.error)),
  };
  return { ok: false, outcome: failure(422, 'Please correct the highlighted fields.', errors) };
}
