import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';

/** A refusal from a references function, in the words the database gave for people. */
export function outcomeOfReferenceError(error: { code?: string; message: string }): FormOutcome {
  if (error.code === 'PT429') return failure(429, error.message);
  if (error.code === '42501') return failure(403, 'You do not have permission to do that.');
  if (error.code === 'P0001' || error.code === '22023' || error.code === '23514')
    return failure(422, error.message);
  return failure(502, 'The change could not be saved. Please try again in a moment.');
}

/** A success whose toast says what happened. */
export function saved(title: string, message: string): FormOutcome {
  return success({ message, toast: { title, message, kind: 'success' } });
}
