import type { FieldErrors } from '../../../lib/security/form-outcome.ts';

/** What a refused form needs to render again: its message, field errors and the values sent. */
export interface FormState {
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

interface Failed {
  intent: string;
  target: string;
  fields: Record<string, string>;
  message: string;
  errors: FieldErrors;
}

/** The state of the form with this intent (and target document or note), if it is the one that failed. */
export function stateOf(failed: Failed | null, intent: string, target = ''): FormState | null {
  if (!failed || failed.intent !== intent || failed.target !== target) return null;
  return { message: failed.message, errors: failed.errors, values: failed.fields };
}
