import type { AstroGlobal } from 'astro';
import type { PostgrestError } from '@supabase/supabase-js';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure, type FieldErrors, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import { catalogueCacheOf } from '../../catalogue/page-cache/catalogue-cache-middleware.ts';
import { handleAdminPost, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { staleWriteOutcome } from './form-state.ts';
import type { FormValues } from './row-values.ts';

/** A catalogue form that was posted and refused: shown again with what was typed and why. */
export interface FailedForm {
  intent: string;
  /** The row the form was about (an intake or a document requirement), '' for the page's own row. */
  target: string;
  values: FormValues;
  errors: FieldErrors;
  message: string | undefined;
  /** Refused because someone saved the row after the form was opened (PT409). */
  conflict: boolean;
}

/** Why a save was refused as stale, with the row as it is saved now. */
export interface FormConflict {
  message: string;
  saved: FormValues;
}

export interface FormState {
  /** What the form shows; `version` (when present) goes back in a hidden field. */
  values: FormValues;
  errors: FieldErrors;
  message: string | undefined;
  conflict?: FormConflict;
}

/**
 * Handles a catalogue page's post. Success redirects (post/redirect/get, with a toast) after
 * dropping cached public pages, so visitors see the change on their next request; a refusal
 * comes back for the page to render again. A GET gives null.
 */
export async function catalogueFormPost(
  astro: AstroGlobal,
  handlers: Record<string, AdminHandler>,
  back: string,
): Promise<Response | FailedForm | null> {
  if (astro.request.method !== 'POST') return null;
  const { intent, fields, outcome } = await handleAdminPost(astro, handlers);
  if (outcome.ok) {
    catalogueCacheOf(astro.locals).invalidate();
    return redirectAfter(astro, outcome, back);
  }
  astro.response.status = outcome.status;
  return {
    intent,
    target: fields['intake_id'] ?? fields['requirement_id'] ?? '',
    values: echoValues(fields),
    errors: outcome.fieldErrors ?? {},
    message: outcome.message,
    conflict: outcome.data?.['conflict'] === true,
  };
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; outcome: FormOutcome };

/** Validates a post against its form's schema; refusals name the fields to correct. */
export function parseForm<T>(schema: z.ZodType<T>, fields: Record<string, string>): Parsed<T> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    outcome: failure(422, 'Please correct the highlighted fields.', fieldErrorsOf(result.error)),
  };
}

/**
 * A refused write; a duplicate is reported on the field that must be unique. A stale version
 * (PT409) carries the database's words: who changed the row, when and what.
 */
export function writeFailure(
  error: Pick<PostgrestError, 'code' | 'message'>,
  unique?: { field: string; message: string },
): FormOutcome {
  const stale = staleWriteOutcome(error);
  if (stale) return stale;
  if (error.code === '23505' && unique) {
    return failure(409, unique.message, { [unique.field]: unique.message });
  }
  return outcomeOfError(error);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
