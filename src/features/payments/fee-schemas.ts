import { z } from 'zod';

/** Asking for the fee to be waived: a reason, or a code the office published. */
export const waiverRequestSchema = z
  .object({
    invoice_id: z.uuid('Choose the invoice.'),
    reason: z.string().trim().max(1000, 'Keep the reason to 1,000 characters.').default(''),
    code: z
      .string()
      .trim()
      .max(32, 'A waiver code has at most 32 characters.')
      .regex(/^[A-Za-z0-9-]*$/, 'A waiver code has letters, digits and dashes only.')
      .default(''),
  })
  .refine((value) => value.code !== '' || value.reason.length >= 10, {
    path: ['reason'],
    message: 'Tell admissions why you ask (at least 10 characters), or enter a waiver code.',
  });

/** Paying an invoice online through a provider that takes payments here. */
export const payOnlineSchema = z.object({
  invoice_id: z.uuid('Choose the invoice.'),
  provider: z.enum(['test', 'card'], { error: 'Choose a way to pay.' }),
});

/** The test provider's page: complete or fail the payment. */
export const testOutcomeSchema = z.object({
  outcome: z.enum(['succeeded', 'failed'], { error: 'Choose an outcome.' }),
});
