import type { FieldErrors } from '../../../lib/security/form-outcome.ts';
import {
  bulkCommandSchema,
  bulkSelectionSchema,
  needsAcknowledgement,
  readStamps,
  type BulkCommand,
  type BulkFormInput,
  type Stamp,
} from './bulk-form.ts';

/** A bulk change, checked: which applications, what to do, and at confirm the versions the preview read. */
export interface BulkRequest {
  step: 'preview' | 'confirm';
  ids: string[];
  command: BulkCommand;
  /** Confirm only: the rows to change, each with the version its preview was based on. */
  stamps: Map<string, Stamp>;
}

export type ParsedBulk =
  | { ok: true; request: BulkRequest }
  | { ok: false; step: 'preview' | 'confirm'; message: string; errors: FieldErrors };

export const ACKNOWLEDGE_MESSAGE =
  'Tick the box to confirm that these applicants will be told their outcome is negative.';

function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], field?: string) {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[field ?? String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** Whether a confirm may go ahead: a negative outcome needs the preview's acknowledgement box ticked. */
export function isAcknowledged(input: BulkFormInput, command: BulkCommand): boolean {
  return !needsAcknowledgement(command) || input.fields['acknowledge'] === 'yes';
}

/** Whether the post asks to go back to the list with its selection and values kept. */
export function isEditStep(input: BulkFormInput): boolean {
  return input.fields['step'] === 'edit';
}

/** Checks a bulk form: at least one and at most BULK_LIMIT applications, a known action with what it needs. */
export function parseBulkRequest(input: BulkFormInput): ParsedBulk {
  const step = input.fields['step'] === 'confirm' ? 'confirm' : 'preview';
  const selection = bulkSelectionSchema.safeParse(input.ids);
  const command = bulkCommandSchema.safeParse(input.fields);
  const errors: FieldErrors = {
    ...(selection.success ? {} : issuesOf(selection.error.issues, 'ids')),
    ...(command.success ? {} : issuesOf(command.error.issues)),
  };
  if (!selection.success || !command.success) {
    const message = Object.values(errors)[0] ?? 'Check the form and try again.';
    return { ok: false, step, message, errors };
  }
  const stamps = step === 'confirm' ? readStamps(input) : new Map<string, Stamp>();
  return { ok: true, request: { step, ids: selection.data, command: command.data, stamps } };
}
