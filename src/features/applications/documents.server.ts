import type { SupabaseClient } from '@supabase/supabase-js';
import { readableError } from './api-request.server.ts';
import { DOCUMENT_COLUMNS } from './application-data.server.ts';
import { documentFromRow, type ApplicationDocument } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export const BUCKET = 'application-documents';

export interface RegisterDocumentInput {
  kind: string;
  storage_path: string;
  file_name: string;
  size_bytes: number;
  content_type: string;
  /** The document this upload replaces (a re-upload); removed once the new one is recorded. */
  replaces?: string | null;
  /** The offer condition the file is evidence for. */
  condition_id?: string | null;
}

export type DocumentOutcome =
  { ok: true; document?: ApplicationDocument } | { ok: false; status: number; message: string };

/** Removes a document row and its file; RLS and the storage policies decide whether it may go. */
export async function removeDocument(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  documentId: string,
): Promise<DocumentOutcome> {
  const { data, error } = await supabase
    .from('application_documents')
    .delete()
    .eq('id', documentId)
    .eq('application_id', applicationId)
    .select('storage_path');
  if (error) return { ok: false, status: 400, message: readableError(error) };
  const row = data[0];
  if (!row) return { ok: false, status: 404, message: 'This document cannot be removed.' };
  const removed = await supabase.storage.from(BUCKET).remove([row.storage_path]);
  if (removed.error) console.error('Removing an application file failed', removed.error.message);
  return { ok: true };
}

/**
 * A retried registration whose first attempt was recorded but never answered: the file belongs to
 * that document, so it stays, and the retry answers with the document.
 */
async function recordedAlready(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  input: RegisterDocumentInput,
): Promise<DocumentOutcome> {
  const { data } = await supabase
    .from('application_documents')
    .select(DOCUMENT_COLUMNS)
    .eq('application_id', applicationId)
    .eq('storage_path', input.storage_path)
    .maybeSingle();
  if (!data) return { ok: false, status: 409, message: 'This file is already recorded elsewhere.' };
  if (input.replaces) await removeDocument(supabase, applicationId, input.replaces);
  return { ok: true, document: documentFromRow(data) };
}

/**
 * Records a file stored in the applicant's folder. The database reads its real size and declared
 * type from storage and applies the course's rule; a refused file is deleted again.
 */
export async function registerDocument(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  input: RegisterDocumentInput,
): Promise<DocumentOutcome> {
  const { replaces, ...fields } = input;
  const { data, error } = await supabase
    .from('application_documents')
    .insert({ application_id: applicationId, ...fields })
    .select(DOCUMENT_COLUMNS)
    .single();
  if (error?.code === '23505') return recordedAlready(supabase, applicationId, input);
  if (error) {
    await supabase.storage.from(BUCKET).remove([input.storage_path]);
    const message = readableError(error);
    return { ok: false, status: error.code === '42501' ? 403 : 422, message };
  }
  if (replaces) await removeDocument(supabase, applicationId, replaces);
  return { ok: true, document: documentFromRow(data) };
}
