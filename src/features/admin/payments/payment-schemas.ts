import { z } from 'zod';
import { checkboxRule, isRealDay } from '../catalogue/field-rules.ts';
import { parseMinor } from '../../payments/money.ts';

/** How staff say money came in, and how it goes back (public.record_payment, record_refund). */
export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The limits the database checks: notes up to 500 characters, reasons 3 to 500. */
export const NOTE_MAX = 500;
export const REASON = { min: 3, max: 500 } as const;
export const GRACE_DAYS = { min: 0, max: 90 } as const;

const RELOAD = 'This form is out of date. Reload the page and try again.';
const invoiceId = z.uuid('This invoice is not recognised. Reload the page.');
const formKey = z.uuid(RELOAD);
const version = z.coerce.number(RELOAD).int(RELOAD).positive(RELOAD);

/** What was typed as an amount; its currency (the invoice's) turns it into minor units. */
const amountText = z
  .string('Enter the amount.')
  .trim()
  .min(1, 'Enter the amount.')
  .max(20, 'Enter the amount as a number, like 28.50.');

const reason = (what: string) =>
  z
    .string(`Say ${what}.`)
    .trim()
    .min(REASON.min, `Say ${what} (at least ${REASON.min} characters).`)
    .max(REASON.max, `Keep the reason to ${REASON.max} characters.`);

const day = (message: string) => z.string(message).trim().refine(isRealDay, message);

export const recordPaymentSchema = z.object({
  invoice_id: invoiceId,
  amount: amountText,
  received_on: day('Enter the day the money arrived.'),
  method: z.enum(PAYMENT_METHODS, 'Choose how the money was paid.'),
  note: z.string().trim().max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters.`).default(''),
  form_key: formKey,
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

export const refundSchema = z.object({
  invoice_id: invoiceId,
  amount: amountText,
  reason: reason('why the money goes back'),
  method: z.enum(PAYMENT_METHODS, 'Choose how the money goes back.'),
  sent_back: z.literal('on', 'Tick the box to confirm you have sent the money back.'),
  form_key: formKey,
});
export type RefundInput = z.infer<typeof refundSchema>;

export const waiverDecisionSchema = z.object({
  waiver_id: z.uuid('This waiver request is not recognised. Reload the page.'),
  version,
  decision: z.enum(['grant', 'refuse'], 'Choose to grant or refuse the request.'),
  reason: reason('why; the applicant reads it'),
});
export type WaiverDecisionInput = z.infer<typeof waiverDecisionSchema>;

export const extendDepositSchema = z.object({
  invoice_id: invoiceId,
  version,
  due_on: day('Enter the new deadline as a date.'),
  reason: reason('why the deadline moves'),
});
export type ExtendDepositInput = z.infer<typeof extendDepositSchema>;

const ONE_FEE = 'A fee covering every choice needs both an amount above zero and a currency, or neither.';

/** How the office charges: the listed course fees or not, one fee for every choice, the grace days. */
export const feeSettingsSchema = z
  .object({
    collect: checkboxRule,
    cycle_fee_amount: z.string().trim().max(20, 'Enter the amount as a number, like 50.00.').default(''),
    cycle_fee_currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (value) => value === '' || /^[A-Z]{3}$/.test(value),
        'Choose a three-letter currency code, like GBP.',
      )
      .default(''),
    grace_days: z.coerce
      .number(`Give the grace period in whole days, ${GRACE_DAYS.min} to ${GRACE_DAYS.max}.`)
      .int(`Give the grace period in whole days, ${GRACE_DAYS.min} to ${GRACE_DAYS.max}.`)
      .min(GRACE_DAYS.min, `Give the grace period in whole days, ${GRACE_DAYS.min} to ${GRACE_DAYS.max}.`)
      .max(GRACE_DAYS.max, `Give the grace period in whole days, ${GRACE_DAYS.min} to ${GRACE_DAYS.max}.`),
  })
  .superRefine((value, ctx) => {
    const { cycle_fee_amount: amount, cycle_fee_currency: currency } = value;
    if (!amount && !currency) return;
    if (!amount) ctx.addIssue({ code: 'custom', path: ['cycle_fee_amount'], message: ONE_FEE });
    else if (!currency) ctx.addIssue({ code: 'custom', path: ['cycle_fee_currency'], message: ONE_FEE });
    else if (!(Number(parseMinor(amount, currency)) > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cycle_fee_amount'],
        message: `Enter an amount above zero in ${currency}, like 50.00.`,
      });
    }
  })
  .transform(({ collect, cycle_fee_amount: amount, cycle_fee_currency: currency, grace_days }) => ({
    collect,
    cycle_fee_minor: amount && currency ? parseMinor(amount, currency) : null,
    cycle_fee_currency: amount && currency ? currency : null,
    grace_days,
  }));
export type FeeSettingsInput = z.infer<typeof feeSettingsSchema>;

export const waiverCodeCreateSchema = z.object({
  code: z
    .string('Enter the code.')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,32}$/, 'A code has 4 to 32 letters, digits or dashes.'),
  description: z
    .string('Say who the code is for.')
    .trim()
    .min(1, 'Say who the code is for.')
    .max(200, 'Keep the description to 200 characters.'),
});
export type WaiverCodeCreateInput = z.infer<typeof waiverCodeCreateSchema>;

export const waiverCodeActiveSchema = z.object({
  code_id: z.uuid('This code is not recognised. Reload the page.'),
  active: z.enum(['true', 'false'], RELOAD).transform((value) => value === 'true'),
});
