import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { DOCUMENTS_BUCKET } from './upload-file.ts';

/** Which of the database's path rules a file must satisfy: a document, or a message attachment. */
export type PathRule = 'can_upload_application_file' | 'can_upload_message_file';

/** A client with the service role: the only one that writes the bucket. */
export type FileWriter = SupabaseClient<Database>;

export type StoreOutcome = 'stored' | 'refused' | 'unavailable';

/**
 * Writes a file whose bytes the app server has already checked. Nobody may write the bucket with
 * their own token (hosted Storage keeps whatever bytes it is sent, so a direct upload would skip the
 * check); the file goes in with the service role (`writer`) once the database has said, with the
 * caller's token, that this path is the caller's to write. Never overwrites.
 */
export async function storeCheckedFile(
  caller: SupabaseClient<Database>,
  writer: FileWriter | undefined,
  rule: PathRule,
  path: string,
  file: File,
  contentType: string,
): Promise<StoreOutcome> {
  if (!writer) return 'unavailable';
  const allowed = await caller.rpc(rule, { object_name: path });
  if (allowed.error) return 'unavailable';
  if (allowed.data !== true) return 'refused';
  const stored = await writer.storage
    .from(DOCUMENTS_BUCKET)
    .upload(path, await file.arrayBuffer(), { contentType, upsert: false });
  if (!stored.error) return 'stored';
  // A duplicate path, a type or size the bucket refuses: the file's fault, not the service's.
  const code = 'statusCode' in stored.error ? Number(stored.error.statusCode) : 500;
  return code >= 400 && code < 500 ? 'refused' : 'unavailable';
}
