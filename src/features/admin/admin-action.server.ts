import type { AstroGlobal } from 'astro';
import type { PostgrestError } from '@supabase/supabase-js';
import { submittedFields } from '../../lib/security/form-input.ts';
import { failure, success, wantsJsonResponse, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../lib/security/form-response.server.ts';

export type AdminHandler = (fields: Record<string, string>) => Promise<FormOutcome>;

/**
 * Messages raised by the admissions functions are written for staff; anything else is not shown.
 * A stale write (PT409: someone changed the record after the form was opened; PT428: the form did
 * not say which version it was based on) is a 409 whose message says who changed what, and when.
 */
export function outcomeOfError(error: Pick<PostgrestError, 'code' | 'message'>): FormOutcome {
  if (error.code === 'PT409' || error.code === 'PT428') return failure(409, error.message);
  if (error.code === '42501') return failure(403, 'You do not have permission to do that.');
  if (error.code === 'P0001' || error.code === 'P0002' || error.code === '22023' || error.code === '23514') {
    return failure(422, error.message);
  }
  if (error.code === '23505') return failure(409, 'That already exists.');
  if (error.code === '23503' || error.code === '23001') {
    return failure(409, 'Other records still refer to this one, so it cannot be removed.');
  }
  if (error.code === 'PGRST116') return failure(404, 'That record no longer exists.');
  return failure(502, 'The change could not be saved. Please try again in a moment.');
}

/** A success outcome whose toast tells staff what happened. */
export function done(message: string): FormOutcome {
  return success({ message, toast: { title: 'Saved', message, kind: 'success' } });
}

function withToast(outcome: FormOutcome): FormOutcome {
  if (outcome.toast || !outcome.message) return outcome;
  return {
    ...outcome,
    toast: {
      title: outcome.ok ? 'Saved' : 'Not saved',
      message: outcome.message,
      kind: outcome.ok ? 'success' : 'error',
    },
  };
}

export interface AdminPost {
  intent: string;
  fields: Record<string, string>;
  outcome: FormOutcome;
}

/** Runs the admin form post named by its `intent` field; the CSRF token was checked by the middleware. */
export async function handleAdminPost(
  astro: AstroGlobal,
  handlers: Record<string, AdminHandler>,
): Promise<AdminPost> {
  const fields = await submittedFields(astro.request);
  const intent = fields['intent'] ?? '';
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  try {
    const outcome = handler
      ? await handler(fields)
      : failure(400, 'This form is not recognised. Refresh the page and try again.');
    return { intent, fields, outcome: withToast(outcome) };
  } catch (error) {
    console.error('Admin action failed', error);
    return {
      intent,
      fields,
      outcome: withToast(failure(502, 'The change could not be saved. Please try again in a moment.')),
    };
  }
}

/**
 * Post/redirect/get for admin forms: back to `back` unless the outcome names a redirect, with the
 * outcome's message as a flash toast; islands get the outcome as JSON. Forms with many fields that
 * must keep the input on an error render the page with handleAdminPost's result instead.
 */
export async function runAdminPost(
  astro: AstroGlobal,
  handlers: Record<string, AdminHandler>,
  back: string,
): Promise<Response> {
  const { outcome } = await handleAdminPost(astro, handlers);
  return redirectAfter(astro, outcome, back, wantsJsonResponse(astro.request));
}
