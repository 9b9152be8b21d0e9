import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { failure, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { inspectFile, type FileRule } from '../applications/file-sniff.ts';
import { safeFileName } from '../applications/upload-file.ts';
import { REFERENCE_BUCKET } from './reference-bucket.ts';
import { outcomeOfReferenceError, saved } from './reference-outcome.ts';

/** A referee's letter: a PDF of at most 10 MB, checked as application documents are. */
export const LETTER_RULE: FileRule = { allowed_types: ['application/pdf'], max_size_bytes: 10 * 1024 * 1024 };

/**
 * Checks the referee's PDF (its bytes, not its name), stores it with the service role in the
 * request's folder (`requestId` comes from the database's answer for this token) and records it
 * through the token. The file is never overwritten: a replacement is a new object.
 */
export async function attachLetterFile(
  anon: SupabaseClient<Database>,
  writer: SupabaseClient<Database> | undefined,
  token: string,
  requestId: string,
  file: File,
): Promise<FormOutcome> {
  const checked = await inspectFile(file, LETTER_RULE);
  if (!checked.ok)
    return failure(422, `The letter cannot be used: ${checked.reason}`, { file: checked.reason });
  if (!/\.pdf$/i.test(file.name))
    return failure(422, 'The letter cannot be used: its name must end in .pdf.', {
      file: 'The name must end in .pdf.',
    });
  if (!writer) return failure(503, 'Uploads are unavailable just now. Please try again later.');
  const path = `${requestId}/${crypto.randomUUID()}-${safeFileName(file.name)}`;
  const stored = await writer.storage
    .from(REFERENCE_BUCKET)
    .upload(path, await file.arrayBuffer(), { contentType: 'application/pdf', upsert: false });
  if (stored.error) return failure(503, 'The letter could not be stored. Please try again in a moment.');
  const { data, error } = await anon.rpc('referee_attach_file', {
    token,
    storage_path: path,
    file_name: file.name,
  });
  if (error) return outcomeOfReferenceError(error);
  if (data === null) return failure(410, 'This link no longer works.');
  return saved('Reference received', 'Thank you: your letter is with the admissions team.');
}
