import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { submittedFields } from '../../lib/security/form-input.ts';
import { failure, success, wantsJsonResponse, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../lib/security/form-response.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import { parse } from '../../lib/security/parse-post.ts';
import { payOnlineSchema, waiverRequestSchema } from './fee-schemas.ts';
import { providerFor } from './providers/registry.server.ts';

type Client = SupabaseClient<Database>;

/** A database refusal as the applicant reads it; anything unexpected is a retry, never a 500. */
export function moneyRefusal(error: { code?: string; message: string }): FormOutcome {
  if (error.code === '42501') return failure(403, 'You do not have permission to do that.');
  if (error.code === 'PT429') return failure(429, error.message);
  if (error.code === 'P0002') return failure(404, error.message);
  if (error.code === '40001') return failure(409, error.message);
  if (error.code === 'P0001' || error.code === '22023' || error.code === '23505')
    return failure(422, error.message);
  return failure(502, 'That could not be saved. Please try again in a moment.');
}

async function requestWaiver(supabase: Client, fields: Record<string, string>): Promise<FormOutcome> {
  const input = parse(waiverRequestSchema, fields);
  if (!input.ok) return input.outcome;
  const { data, error } = await supabase.rpc('request_fee_waiver', {
    invoice_id: input.value.invoice_id,
    reason: input.value.reason,
    code: input.value.code,
  });
  if (error) return moneyRefusal(error);
  const message =
    data.status === 'granted'
      ? 'Your waiver code was accepted: the fee is waived.'
      : 'Your request is with admissions. You will hear by e-mail.';
  return success({ message, toast: { title: 'Waiver', message, kind: 'success' } });
}

async function payOnline(supabase: Client, fields: Record<string, string>): Promise<FormOutcome> {
  const input = parse(payOnlineSchema, fields);
  if (!input.ok) return input.outcome;
  const provider = providerFor(input.value.provider);
  if (!provider?.online) return failure(422, 'That way to pay is not offered here.');
  const { data, error } = await supabase.rpc('start_payment', {
    invoice_id: input.value.invoice_id,
    provider: input.value.provider,
  });
  if (error) return moneyRefusal(error);
  return success({
    redirect: provider.payUrl(
      { attemptId: data.id, amountMinor: data.amount_minor, currency: data.currency },
      '',
    ),
  });
}

/**
 * A form posted to the fees page: done, on (post/redirect/get) with a toast or to the provider's
 * page; refused, the message and the fields to show on the page rendered again.
 */
export async function handleFeePost(
  astro: AstroGlobal,
  supabase: Client,
): Promise<Response | { message: string; errors: Record<string, string>; values: Record<string, string> }> {
  const fields = await submittedFields(astro.request);
  const intent = fields['intent'] ?? '';
  const run =
    intent === 'waiver-request'
      ? requestWaiver(supabase, fields)
      : intent === 'pay-online'
        ? payOnline(supabase, fields)
        : Promise.resolve(failure(400, 'This form is not recognised. Refresh the page and try again.'));
  const outcome = await run.catch((error: unknown) => {
    console.error('A fees form failed', error);
    return failure(502, 'That could not be saved. Please try again in a moment.');
  });
  if (outcome.ok) {
    sendPendingMail();
    return redirectAfter(astro, outcome, `${astro.url.pathname}#fees`, wantsJsonResponse(astro.request));
  }
  astro.response.status = outcome.status;
  const message = outcome.message ?? 'That could not be saved.';
  astro.locals.flash.push({ title: 'Not saved', message, kind: 'error' });
  return {
    message,
    errors: outcome.fieldErrors ?? {},
    values: {
      invoice_id: fields['invoice_id'] ?? '',
      reason: fields['reason'] ?? '',
      code: fields['code'] ?? '',
    },
  };
}
