import type { SupabaseClient } from '@supabase/supabase-js';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import type { FieldErrors } from '../../../lib/security/form-outcome.ts';
import { confirmBulk, previewBulk } from './bulk-engine.server.ts';
import { commandFields, needsAcknowledgement, readBulkForm, type BulkCommand } from './bulk-form.ts';
import { ACKNOWLEDGE_MESSAGE, isAcknowledged, isEditStep, parseBulkRequest } from './bulk-request.ts';
import type { BulkAction, BulkRow, RowResult, Verdict } from './bulk-types.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** The list's bulk form as it was sent: the ticks and values to show again, and what was wrong. */
export interface BulkFormState {
  selected: ReadonlySet<string>;
  values: Record<string, string>;
  errors: FieldErrors;
  message: string | null;
}

export interface BulkPreviewModel {
  kind: 'preview';
  action: BulkAction;
  /** The command as hidden fields, so the confirm applies what was previewed. */
  fields: Record<string, string>;
  rows: BulkRow<Verdict>[];
  acknowledge: boolean;
  /** Set when a confirm came back without the acknowledgement. */
  error: string | null;
}

export interface BulkResultsModel {
  kind: 'results';
  action: BulkAction;
  rows: BulkRow<RowResult>[];
}

export type BulkOutcome =
  { kind: 'form'; state: BulkFormState; status: number } | BulkPreviewModel | BulkResultsModel;

/** The change a command asks for on this list, or null when the list does not offer it. */
export type ActionFactory = (command: BulkCommand) => BulkAction | null;

const UNKNOWN_ACTION = 'This list does not offer that change. Refresh the page and try again.';

/**
 * A list page's bulk post: back to the list with the selection kept (edit, or a form to correct),
 * the preview, or, on confirm, the results. A confirm of a negative outcome without the preview's
 * acknowledgement shows the preview again.
 */
export async function runBulkPost(
  request: Request,
  supabase: SupabaseClient<Database>,
  actionFor: ActionFactory,
): Promise<BulkOutcome> {
  const input = readBulkForm(await request.formData().catch(() => new FormData()));
  const keep = (errors: FieldErrors, message: string | null, status: number): BulkOutcome => ({
    kind: 'form',
    state: { selected: new Set(input.ids), values: input.fields, errors, message },
    status,
  });
  if (isEditStep(input)) return keep({}, null, 200);
  const parsed = parseBulkRequest(input);
  if (!parsed.ok) return keep(parsed.errors, parsed.message, 422);
  const { ids, command, step, stamps } = parsed.request;
  const action = actionFor(command);
  if (!action) return keep({ action: UNKNOWN_ACTION }, UNKNOWN_ACTION, 422);
  const acknowledged = isAcknowledged(input, command);
  if (step === 'confirm' && acknowledged) {
    const rows = await confirmBulk(supabase, ids, stamps, action);
    // Released decisions queue their letters, each a message of its own (stands_alone), so this sweep
    // sends them now; routine updates still wait out MESSAGE_QUIET_SECONDS to be gathered.
    if (rows.some((row) => row.outcome.kind === 'done')) sendPendingMail();
    return { kind: 'results', action, rows };
  }
  return {
    kind: 'preview',
    action,
    fields: commandFields(command),
    rows: await previewBulk(supabase, ids, action),
    acknowledge: needsAcknowledgement(command),
    error: step === 'confirm' ? ACKNOWLEDGE_MESSAGE : null,
  };
}

/** The HTTP status of a bulk page: 422 for a form to correct, or for results where nothing went through. */
export function bulkStatus(outcome: BulkOutcome): number {
  if (outcome.kind === 'form') return outcome.status;
  if (outcome.kind === 'preview') return 200;
  const done = outcome.rows.some((row) => row.outcome.kind === 'done');
  return done || outcome.rows.every((row) => row.outcome.kind === 'skipped') ? 200 : 422;
}
