import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { fieldErrorsOf, storableText } from '../../../lib/security/form-input.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { BUCKET } from '../documents.server.ts';
import { inspectFile } from '../file-sniff.ts';
import { storeCheckedFile, type FileWriter } from '../file-store.server.ts';
import { safeFileName } from '../upload-file.ts';
import { ATTACHMENT_RULE, messageFormSchema } from './message-schema.ts';

/** A message that was not sent: why, and what was typed, to show the form again. */
export interface MessageFailure {
  status: number;
  message: string;
  errors: { body?: string; attachment?: string };
  body: string;
}

const NOT_FOUND = 'That application was not found, or you cannot write on it.';

export function refused(
  status: number,
  message: string,
  body: string,
  field?: 'body' | 'attachment',
): MessageFailure {
  return { status, message, errors: field ? { [field]: message } : {}, body };
}

function failureOf(error: Pick<PostgrestError, 'code' | 'message'>, body: string): MessageFailure {
  if (error.code === 'PT429') return refused(429, error.message, body);
  if (error.code === 'P0002') return refused(404, NOT_FOUND, body);
  if (error.code === '22023') {
    const aboutFile = /attach|upload|file/i.test(error.message);
    return refused(422, error.message, body, aboutFile ? 'attachment' : 'body');
  }
  if (error.code === '42501') return refused(403, 'You cannot write on this application.', body);
  return refused(502, 'The message could not be sent. Please try again in a moment.', body);
}

/**
 * Checks an attachment as the document upload path does (content sniffed, size, then the
 * database's own file rules) and stores it in the application's messages folder once the database
 * says, with the sender's token, that the sender may write there (`storeCheckedFile`). Returns the
 * stored path or why the file cannot be used.
 */
async function storeAttachment(
  supabase: SupabaseClient<Database>,
  writer: FileWriter | undefined,
  applicationId: string,
  file: File,
): Promise<{ path: string } | { problem: string; status: number }> {
  const checked = await inspectFile(file, ATTACHMENT_RULE);
  if (!checked.ok) return { problem: `This file cannot be attached: ${checked.reason}`, status: 422 };
  const { data: problem } = await supabase.rpc('file_upload_error', {
    file_name: file.name,
    file_size: file.size,
    content_type: checked.type,
    allowed_types: [...ATTACHMENT_RULE.allowed_types],
    max_bytes: ATTACHMENT_RULE.max_size_bytes,
  });
  if (typeof problem === 'string')
    return { problem: `This file cannot be attached: ${problem}`, status: 422 };
  const { data: app } = await supabase
    .from('applications')
    .select('applicant_id')
    .eq('id', applicationId)
    .maybeSingle();
  const applicant = app?.applicant_id;
  if (!applicant) return { problem: NOT_FOUND, status: 404 };
  const path = `${applicant}/${applicationId}/messages/${crypto.randomUUID()}-${safeFileName(file.name)}`;
  const stored = await storeCheckedFile(
    supabase,
    writer,
    'can_upload_message_file',
    path,
    file,
    checked.type,
  );
  if (stored === 'stored') return { path };
  if (stored === 'refused')
    return { problem: 'The attachment could not be uploaded. Please try again.', status: 403 };
  return { problem: 'Attachments are unavailable just now. Please try again later.', status: 503 };
}

/** Sends the message form's message (and its attachment) on one application; nothing is kept on failure. */
export async function sendMessage(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  form: FormData,
  writer: FileWriter | undefined,
): Promise<MessageFailure | null> {
  const raw = form.get('body');
  const typed = typeof raw === 'string' ? storableText(raw) : '';
  const parsed = messageFormSchema.safeParse({ body: typed });
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return { status: 422, message: errors['body'] ?? 'Check the message.', errors, body: typed };
  }
  const file = form.get('attachment');
  let attachment: { storage_path: string; file_name: string } | null = null;
  if (file instanceof File && (file.size > 0 || file.name !== '')) {
    const stored = await storeAttachment(supabase, writer, applicationId, file);
    if ('problem' in stored) return refused(stored.status, stored.problem, typed, 'attachment');
    attachment = { storage_path: stored.path, file_name: file.name };
  }
  const { error } = await supabase.rpc('post_application_message', {
    application_id: applicationId,
    body: parsed.data.body,
    attachment,
  });
  if (!error) return null;
  if (attachment) await supabase.storage.from(BUCKET).remove([attachment.storage_path]);
  return failureOf(error, typed);
}
