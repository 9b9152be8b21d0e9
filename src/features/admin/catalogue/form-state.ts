import { z } from 'zod';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import type { FailedForm, FormState } from './catalogue-post.server.ts';
import type { FormValues } from './row-values.ts';

const STALE = 'Someone saved this record after you opened it. Nothing was saved.';

/**
 * What one form shows: the refused post when it was this form, else the stored values. A post
 * refused as stale keeps what was typed but takes the stored version, so saving again is a
 * deliberate choice made after seeing what changed.
 */
export function formState(
  failed: FailedForm | null,
  intent: string,
  stored: FormValues,
  target = '',
): FormState {
  if (!failed || failed.intent !== intent || failed.target !== target) {
    return { values: stored, errors: {}, message: undefined };
  }
  if (failed.conflict) {
    return {
      values: { ...failed.values, version: stored['version'] ?? '' },
      errors: {},
      message: undefined,
      conflict: { message: failed.message ?? STALE, saved: stored },
    };
  }
  return { values: failed.values, errors: failed.errors, message: failed.message };
}

const versionSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);

/** The version of the row the form was showing, from its hidden field; null when it is missing or malformed. */
export function versionOf(fields: Record<string, string>): number | null {
  const parsed = versionSchema.safeParse(fields['version']);
  return parsed.success ? parsed.data : null;
}

/** A form without its row's version cannot be saved safely: it was made before versions existed. */
export const NO_VERSION = failure(
  409,
  'This form is out of date and was not saved. Reload the page, then make your change again.',
);

/**
 * A write refused for its version: stale (PT409, carrying the database's words: who changed the
 * row, when and what) or sent without one (PT428). Null for any other error.
 */
export function staleWriteOutcome(error: { code: string; message: string }): FormOutcome | null {
  if (error.code === 'PT409') return { ...failure(409, error.message), data: { conflict: true } };
  if (error.code === 'PT428') return NO_VERSION;
  return null;
}
