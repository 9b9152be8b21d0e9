import { z } from 'zod';
import { DOCUMENT_KINDS, EVIDENCE_KIND } from '../../lib/document-kinds.ts';
import type { Caller } from './api-request.server.ts';
import { registerDocument, type DocumentOutcome } from './documents.server.ts';
import { BUCKET_RULE, inspectFile } from './file-sniff.ts';
import { storeCheckedFile, type FileWriter } from './file-store.server.ts';

/** The fields posted with a document's file (multipart), besides the file itself. */
export const documentUploadSchema = z.object({
  kind: z.enum([...DOCUMENT_KINDS, EVIDENCE_KIND]),
  /** Chosen by the browser (`storagePathFor`), so that it can settle an upload whose answer it lost. */
  storage_path: z.string().min(1).max(300),
  replaces: z.uuid().nullable(),
  /** The offer condition this file is evidence for; the database checks it is open and this application's. */
  condition_id: z.uuid().nullable(),
});

const unreadable = { ok: false, status: 400, message: 'The upload could not be read.' } as const;
const refused = (why: string): DocumentOutcome => ({
  ok: false,
  status: 422,
  message: `File validation failed: ${why}`,
});

/** `<user>/<application>/<uuid>-<name>`: the applicant's folder for this application, nothing deeper. */
function isOwnPath(path: string, caller: Caller, applicationId: string): boolean {
  const folder = `${caller.userId}/${applicationId}/`;
  return path.startsWith(folder) && /^[0-9a-f-]{36}-[A-Za-z0-9._-]+$/.test(path.slice(folder.length));
}

async function requirementVerdict(
  caller: Caller,
  applicationId: string,
  kind: string,
  file: { name: string; size: number; type: string },
): Promise<{ valid: boolean; error: string | null } | null> {
  const { data, error } = await caller.supabase.rpc('validate_document_upload', {
    application_id: applicationId,
    kind,
    file_name: file.name,
    file_size: file.size,
    content_type: file.type,
  });
  // The function returns jsonb (`{ valid, error }`), which the generated types only know as Json.
  return error ? null : (data as { valid: boolean; error: string | null });
}

/**
 * Stores and records one document posted to the app. The bytes are checked here, before anything
 * is stored (hosted Storage would keep HTML declared as a PDF), then the course's rule for the kind;
 * the file is written by the app (`writer`, see `storeCheckedFile`) as the type its content has, and
 * recorded with the applicant's token.
 */
export async function uploadDocument(
  caller: Caller,
  applicationId: string,
  form: FormData,
  writer: FileWriter | undefined,
): Promise<DocumentOutcome> {
  const file = form.get('file');
  const fields = documentUploadSchema.safeParse({
    kind: form.get('kind'),
    storage_path: form.get('storage_path'),
    replaces: form.get('replaces') || null,
    condition_id: form.get('condition_id') || null,
  });
  if (!(file instanceof File) || !fields.success) return unreadable;
  const { kind, storage_path: path, replaces, condition_id: conditionId } = fields.data;
  if (!isOwnPath(path, caller, applicationId)) return unreadable;
  const checked = await inspectFile(file, BUCKET_RULE);
  if (!checked.ok) return refused(checked.reason);
  const verdict = await requirementVerdict(caller, applicationId, kind, {
    name: file.name,
    size: file.size,
    type: checked.type,
  });
  if (!verdict)
    return { ok: false, status: 502, message: 'The file could not be checked. Please try again.' };
  if (!verdict.valid) return refused(verdict.error ?? 'the file cannot be accepted.');
  const stored = await storeCheckedFile(
    caller.supabase,
    writer,
    'can_upload_application_file',
    path,
    file,
    checked.type,
  );
  if (stored === 'refused')
    return { ok: false, status: 403, message: 'The file could not be stored. Please try again.' };
  if (stored === 'unavailable')
    return { ok: false, status: 503, message: 'Uploads are unavailable just now. Please try again later.' };
  return registerDocument(caller.supabase, applicationId, {
    kind,
    storage_path: path,
    file_name: file.name,
    size_bytes: file.size,
    content_type: checked.type,
    replaces,
    condition_id: conditionId,
  });
}
