import type { FieldErrors } from '../../../lib/security/form-outcome.ts';

/**
 * How a posted form came back instead of being saved: refused (its message says why), refused
 * because the application changed since the form was opened, or stopped at the decision's
 * confirmation step or back from it.
 */
export type FormStep = 'refused' | 'conflict' | 'confirm' | 'back';

/** What a posted form needs to render again: its message, field errors and the values sent. */
export interface FormState {
  step: FormStep;
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

interface Posted {
  intent: string;
  target: string;
  step: FormStep;
  fields: Record<string, string>;
  message: string;
  errors: FieldErrors;
}

/** The state of the form with this intent (and target document, note or decision), if it was the one posted. */
export function stateOf(posted: Posted | null, intent: string, target = ''): FormState | null {
  if (!posted || posted.intent !== intent || posted.target !== target) return null;
  return { step: posted.step, message: posted.message, errors: posted.errors, values: posted.fields };
}

/**
 * The version a form sends. A form refused for a stale version takes the current one, so the
 * person can check the page and send it again; a form refused for anything else (or paused at its
 * confirmation) keeps the version it was opened with, so a change made meanwhile is still caught.
 */
export function versionFor(state: FormState | null, current: number): string {
  const sent = state?.values['version'];
  if (!state || state.step === 'conflict' || !sent) return String(current);
  return sent;
}

/**
 * Where the review forms post: the page's path without the fragment a previous redirect added
 * (#documents…). A posted form keeps its action's fragment, and browsers skip `autofocus` on a page
 * with one, so a refused form's field would not take focus.
 */
export function formAction(url: URL): string {
  return url.pathname;
}
