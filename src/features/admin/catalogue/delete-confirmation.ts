import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';

export const CONFIRM_FIELD = 'confirm_delete';

/** A deletion goes ahead only with its box ticked; null when it was. */
export function unconfirmedDeletion(fields: Record<string, string>): FormOutcome | null {
  if (fields[CONFIRM_FIELD]) return null;
  const message = 'Tick the box to confirm the deletion.';
  return failure(422, message, { [CONFIRM_FIELD]: message });
}
