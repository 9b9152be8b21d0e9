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

/**
 * Where the review forms post: the page's path without the fragment a previous redirect added
 * (#documents…). A posted form keeps its action's fragment, and browsers skip `autofocus` on a page
 * with one, so a refused form's field would not take focus.
 */
export function formAction(url: URL): string {
  return url.pathname;
}
