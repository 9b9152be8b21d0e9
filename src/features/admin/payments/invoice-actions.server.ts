import type { SupabaseClient } from '@supabase/supabase-js';
import { formatDay } from '../../../lib/format-day.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, type AdminHandler } from '../admin-action.server.ts';
import { parseForm } from '../catalogue/catalogue-post.server.ts';
import { currencyExponent, formatMinor, parseMinor } from '../../payments/money.ts';
import { METHOD_LABELS } from './payment-labels.ts';
import { refusedBy } from './payment-post.server.ts';
import { extendDepositSchema, recordPaymentSchema, refundSchema } from './payment-schemas.ts';
import { waiverHandlers } from './waiver-actions.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** The invoice the page shows; a form naming another one is refused. */
export interface PostedInvoice {
  id: string;
  currency: string;
}

const GONE = failure(404, 'This form is for another invoice. Reload the page.');

/** The amount typed, in the invoice's minor units, or the field error that says how to write it. */
function amountOf(text: string, currency: string): number | FormOutcome {
  const minor = parseMinor(text, currency);
  if (minor !== null && minor > 0) return minor;
  const example = ['5000', '28.50', '28.500'][currencyExponent(currency)] ?? '28.50';
  return failure(422, 'Please correct the highlighted fields.', {
    amount: `Enter an amount above zero in ${currency}, like ${example}.`,
  });
}

/**
 * The forms of one invoice's page: money received, money sent back, a deposit's new deadline, and
 * the decisions on its waiver requests. The database checks the office covers the invoice.
 */
export function invoiceHandlers(
  supabase: SupabaseClient<Database>,
  invoice: PostedInvoice,
): Record<string, AdminHandler> {
  return {
    'record-payment': async (fields) => {
      const input = parseForm(recordPaymentSchema, fields);
      if (!input.ok) return input.outcome;
      if (input.data.invoice_id !== invoice.id) return GONE;
      const amount = amountOf(input.data.amount, invoice.currency);
      if (typeof amount !== 'number') return amount;
      const { received_on, method, note, form_key } = input.data;
      const { data, error } = await supabase.rpc('record_payment', {
        invoice_id: invoice.id,
        amount_minor: amount,
        received_on,
        method,
        note,
        form_key,
      });
      if (error) {
        return refusedBy(error, [
          ['Enter the amount', 'amount'],
          ['Enter the day', 'received_on'],
          ['Choose how', 'method'],
        ]);
      }
      return done(
        `Recorded ${formatMinor(data.amount_minor, data.currency)} received on ${formatDay(data.received_on)} (${METHOD_LABELS[data.method] ?? data.method}).`,
      );
    },
    'record-refund': async (fields) => {
      const input = parseForm(refundSchema, fields);
      if (!input.ok) return input.outcome;
      if (input.data.invoice_id !== invoice.id) return GONE;
      const amount = amountOf(input.data.amount, invoice.currency);
      if (typeof amount !== 'number') return amount;
      const { reason, method, form_key } = input.data;
      const { data, error } = await supabase.rpc('record_refund', {
        invoice_id: invoice.id,
        amount_minor: amount,
        reason,
        method,
        form_key,
      });
      if (error) {
        return refusedBy(error, [
          ['At most', 'amount'],
          ['Enter the amount', 'amount'],
          ['Say why', 'reason'],
          ['Choose how', 'method'],
        ]);
      }
      return done(`Refund of ${formatMinor(-data.amount_minor, data.currency)} recorded.`);
    },
    'extend-deposit': async (fields) => {
      const input = parseForm(extendDepositSchema, fields);
      if (!input.ok) return input.outcome;
      if (input.data.invoice_id !== invoice.id) return GONE;
      const { due_on, reason, version } = input.data;
      const { data, error } = await supabase.rpc('extend_deposit', {
        invoice_id: invoice.id,
        due_on,
        reason,
        expected_version: version,
      });
      if (error) {
        return refusedBy(error, [
          ['Choose a new deadline', 'due_on'],
          ['Say why', 'reason'],
        ]);
      }
      return done(`The deposit is now due on ${formatDay(data.due_on)}; the applicant is told.`);
    },
    ...waiverHandlers(supabase),
  };
}
