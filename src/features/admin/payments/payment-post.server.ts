import type { AstroGlobal } from 'astro';
import type { PostgrestError } from '@supabase/supabase-js';
import { failure, type FieldErrors, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';

/** A payments form that was posted and refused, rendered again with what was typed and why. */
export interface PaymentFormState {
  intent: string;
  /** The waiver, code or invoice the form was about; '' for a form of the page itself. */
  target: string;
  values: Record<string, string>;
  errors: FieldErrors;
  message: string;
  /** Refused because someone changed the invoice or the request after the page was opened. */
  conflict: boolean;
}

/**
 * Why the database refused a money write. Its own messages are written for staff; a stale
 * version (40001, raised by decide_fee_waiver and extend_deposit) is a conflict, so the page shows
 * the record as it is now. A message that names a field (by the start of its words) is put there.
 */
export function refusedBy(
  error: Pick<PostgrestError, 'code' | 'message'>,
  fieldsByMessage: readonly (readonly [string, string])[] = [],
): FormOutcome {
  if (error.code === '40001') return { ...failure(409, error.message), data: { stale: true } };
  if (error.code === '57014') {
    return failure(503, 'That took too long and nothing was saved. Try again, or import a shorter file.');
  }
  const outcome = outcomeOfError(error);
  if (outcome.status !== 422) return outcome;
  const field = fieldsByMessage.find(([start]) => error.message.startsWith(start))?.[1];
  return field ? failure(422, 'Please correct the highlighted fields.', { [field]: error.message }) : outcome;
}

/** A refusal of one form as the page renders it. */
export function formStateOf(
  intent: string,
  fields: Record<string, string>,
  outcome: FormOutcome,
): PaymentFormState {
  return {
    intent,
    target: fields['waiver_id'] ?? fields['code_id'] ?? fields['invoice_id'] ?? '',
    values: echoValues(fields),
    errors: outcome.fieldErrors ?? {},
    message: outcome.message ?? 'The change could not be saved.',
    conflict: outcome.data?.['stale'] === true,
  };
}

/**
 * A payments page's url-encoded post: done, back to the page at the form's section
 * (post/redirect/get, with a toast); refused, the state to render the page with, input kept.
 */
export async function runPaymentPost(
  astro: AstroGlobal,
  handlers: Record<string, AdminHandler>,
  sectionOf: (intent: string) => string,
): Promise<Response | PaymentFormState> {
  const post = await handleAdminPost(astro, handlers);
  if (post.outcome.ok) {
    return redirectAfter(
      astro,
      post.outcome,
      `${astro.url.pathname}${astro.url.search}#${sectionOf(post.intent)}`,
    );
  }
  if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
  astro.response.status = post.outcome.status;
  return formStateOf(post.intent, post.fields, post.outcome);
}

/** The refused state of one form on the page, if it was that form. */
export function stateFor(
  failed: PaymentFormState | null,
  intent: string,
  target = '',
): PaymentFormState | null {
  return failed && failed.intent === intent && failed.target === target ? failed : null;
}
