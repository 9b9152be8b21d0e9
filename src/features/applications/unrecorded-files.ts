import type { SupabaseClient } from '@supabase/supabase-js';
import { documentFromRow, type ApplicationDocument } from './types.ts';
import { DOCUMENTS_BUCKET } from './upload-file.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** How old a file without a document row must be before a sweep removes it (another tab may be recording it). */
export const UNRECORDED_GRACE_MS = 10 * 60 * 1000;

export interface StoredFile {
  path: string;
  createdAt: string | null;
}

/**
 * The stored files no document row points at and older than `graceMs`: what an upload cut off
 * between storing its file and recording it leaves behind.
 */
export function unrecordedFiles(
  stored: readonly StoredFile[],
  recorded: ReadonlySet<string>,
  now: number,
  graceMs: number,
): string[] {
  return stored
    .filter((file) => !recorded.has(file.path))
    .filter((file) => file.createdAt !== null && now - Date.parse(file.createdAt) >= graceMs)
    .map((file) => file.path);
}

async function recordedPaths(
  supabase: SupabaseClient<Database>,
  applicationId: string,
): Promise<Set<string> | null> {
  const { data, error } = await supabase
    .from('application_documents')
    .select('storage_path')
    .eq('application_id', applicationId);
  if (error) return null;
  return new Set(data.map((row) => row.storage_path));
}

/**
 * Deletes the application's files that were stored but never recorded, with the applicant's own
 * token (the storage policies let them delete a file without a document). Returns how many went,
 * or null when the backend could not be asked; a later sweep then tries again.
 */
export async function sweepUnrecordedFiles(
  supabase: SupabaseClient<Database>,
  userId: string,
  applicationId: string,
  graceMs = UNRECORDED_GRACE_MS,
): Promise<number | null> {
  const folder = `${userId}/${applicationId}`;
  const listed = await supabase.storage.from(DOCUMENTS_BUCKET).list(folder, { limit: 1000 });
  const recorded = await recordedPaths(supabase, applicationId);
  if (listed.error || !recorded) return null;
  const stored = listed.data
    .filter((entry) => entry.id !== null)
    .map((entry) => ({ path: `${folder}/${entry.name}`, createdAt: entry.created_at ?? null }));
  const doomed = unrecordedFiles(stored, recorded, Date.now(), graceMs);
  if (doomed.length === 0) return 0;
  const removed = await supabase.storage.from(DOCUMENTS_BUCKET).remove(doomed);
  return removed.error ? null : doomed.length;
}

const DOCUMENT_FIELDS =
  'id, kind, file_name, size_bytes, content_type, status, rejection_reason, storage_path, created_at, condition_id' as const;

/**
 * After storing or recording an upload failed: the document, when its insert went through although
 * the answer was lost; otherwise the file is deleted and null returned. When the backend cannot be
 * asked, nothing is deleted and the next sweep finishes the job.
 */
export async function settleFailedUpload(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  path: string,
): Promise<ApplicationDocument | null> {
  const { data, error } = await supabase
    .from('application_documents')
    .select(DOCUMENT_FIELDS)
    .eq('application_id', applicationId)
    .eq('storage_path', path)
    .maybeSingle();
  if (error) return null;
  if (data) return documentFromRow(data);
  await supabase.storage.from(DOCUMENTS_BUCKET).remove([path]);
  return null;
}
