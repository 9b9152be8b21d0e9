import type { SupabaseClient } from '@supabase/supabase-js';
import { statusLabel } from '../../../../lib/application-status.ts';
import { documentKindLabel } from '../../../../lib/document-kinds.ts';
import { sendPendingMail } from '../../../../lib/mail/send-pending.server.ts';
import { failure } from '../../../../lib/security/form-outcome.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';
import { nullableArg, withoutNulls } from '../../../../lib/supabase/rpc-args.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin-action.server.ts';
import { decisionHandlers } from '../../../admissions/decide/decision-handlers.server.ts';
import { applicationReadHandlers } from '../../../admissions/assessment/application-reads.server.ts';
import { conditionHandlers } from '../../../admissions/conditions/condition-handlers.server.ts';
import { referenceHandlers } from '../../../admissions/references/staff-references.server.ts';
import { parse } from '../../../../lib/security/parse-post.ts';
import {
  assignSchema,
  documentReviewSchema,
  duplicateDismissSchema,
  noteDeleteSchema,
  noteSchema,
  transitionSchema,
} from './review-schemas.ts';

async function reviewDocument(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(documentReviewSchema, fields);
  if (!input.ok) return input.outcome;
  const { document_id, status, reason, version } = input.value;
  // The form names a document of this application; a mismatched id is refused, not reviewed elsewhere.
  const { data: document } = await supabase
    .from('application_documents')
    .select('kind')
    .eq('id', document_id)
    .eq('application_id', applicationId)
    .maybeSingle();
  if (!document) return failure(404, 'That document is no longer part of this application.');
  const { error } = await supabase.rpc(
    'review_document',
    withoutNulls({ document_id, status, expected_version: version, reason: reason || null }),
  );
  if (error) return outcomeOfError(error);
  const label = documentKindLabel(document.kind);
  if (status === 'verified') return done(`${label} verified.`);
  if (status === 'rejected') return done(`${label} rejected. The applicant sees your reason.`);
  return done(`${label} marked as not checked.`);
}

async function transition(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(transitionSchema, fields);
  if (!input.ok) return input.outcome;
  const { to_status, note, version } = input.value;
  const { error } = await supabase.rpc(
    'transition_application',
    withoutNulls({ application_id: applicationId, to_status, expected_version: version, note: note || null }),
  );
  if (error) return outcomeOfError(error);
  // A request for action and an enrolment e-mail the applicant. The enrolment letter stands alone and
  // goes out in this sweep; a request for action waits out MESSAGE_QUIET_SECONDS (120 s by default)
  // so one message can gather it with the changes around it.
  sendPendingMail();
  return done(`Application moved to ${statusLabel(to_status)}.`);
}

async function assign(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(assignSchema, fields);
  if (!input.ok) return input.outcome;
  const assignee = input.value.assignee || null;
  const { error } = await supabase.rpc('assign_application', {
    application_id: applicationId,
    assignee: nullableArg(assignee),
    expected_version: input.value.version,
  });
  if (error) return outcomeOfError(error);
  return done(assignee ? 'Reviewer assigned.' : 'The application is unassigned.');
}

async function addNote(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(noteSchema, fields);
  if (!input.ok) return input.outcome;
  const { error } = await supabase
    .from('application_notes')
    .insert({ application_id: applicationId, body: input.value.body });
  return error ? outcomeOfError(error) : done('Internal note added.');
}

async function deleteNote(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(noteDeleteSchema, fields);
  if (!input.ok) return input.outcome;
  const { data, error } = await supabase
    .from('application_notes')
    .delete()
    .eq('id', input.value.note_id)
    .eq('application_id', applicationId)
    .select('id');
  if (error) return outcomeOfError(error);
  // RLS lets authors (and administrators) delete; anyone else's delete matches no row.
  if (!data || data.length === 0) return failure(404, 'That note was already deleted, or it is not yours.');
  return done('Internal note deleted.');
}

async function dismissDuplicate(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  fields: Record<string, string>,
) {
  const input = parse(duplicateDismissSchema, fields);
  if (!input.ok) return input.outcome;
  const { error } = await supabase.rpc('dismiss_duplicate', {
    application_id: applicationId,
    other_id: input.value.other_id,
  });
  return error
    ? outcomeOfError(error)
    : done('Marked as not a duplicate. The flag is gone from both applications.');
}

/** The review screen's forms by intent, bound to the application in the URL. */
export function reviewHandlers(
  supabase: SupabaseClient<Database>,
  applicationId: string,
): Record<string, AdminHandler> {
  const bind =
    (handler: typeof transition): AdminHandler =>
    (fields) =>
      handler(supabase, applicationId, fields);
  return {
    'review-document': bind(reviewDocument),
    transition: bind(transition),
    assign: bind(assign),
    'add-note': bind(addNote),
    'delete-note': bind(deleteNote),
    'not-duplicate': bind(dismissDuplicate),
    ...decisionHandlers(supabase, applicationId),
    ...conditionHandlers(supabase, applicationId),
    ...applicationReadHandlers(supabase, applicationId),
    ...referenceHandlers(supabase, applicationId),
  };
}
