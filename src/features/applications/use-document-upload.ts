import { useState } from 'react';
import type { BrowserClientConfig } from '../../lib/supabase/browser.ts';
import { callApi } from './api-client.ts';
import { preflight, readHead } from './file-sniff.ts';
import type { ApplicationDocument, DocumentRequirement } from './types.ts';
import { settleFailedUpload, sweepUnrecordedFiles } from './unrecorded-files.ts';
import { storagePathFor, uploadWithProgress, validateOnServer } from './upload-file.ts';
import { getSupabaseBrowserClient } from '../../lib/supabase/browser.ts';

export interface UploadTarget {
  config: BrowserClientConfig;
  userId: string;
  applicationId: string;
  rule: DocumentRequirement;
}

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'failed'; message: string };

const refused = (why: string) => ({ phase: 'failed' as const, message: `File validation failed: ${why}` });

/**
 * Records a stored file with the application. When that fails, the insert may still have gone
 * through (only its answer was lost): then the document is taken as recorded, else its file goes.
 */
async function record(
  target: UploadTarget,
  path: string,
  file: File,
  contentType: string,
  replaces: string | null,
): Promise<
  { ok: true; document: ApplicationDocument; replaced: string | null } | { ok: false; message: string }
> {
  const recorded = await callApi<{ document: ApplicationDocument }>(
    `/api/applications/${target.applicationId}/documents`,
    'POST',
    {
      kind: target.rule.kind,
      storage_path: path,
      file_name: file.name,
      size_bytes: file.size,
      content_type: contentType,
      replaces,
    },
  );
  if (recorded.ok) return { ok: true, document: recorded.document, replaced: replaces };
  const supabase = getSupabaseBrowserClient(target.config);
  const document = await settleFailedUpload(supabase, target.applicationId, path);
  return document ? { ok: true, document, replaced: null } : { ok: false, message: recorded.message };
}

/**
 * One document's upload: checks in the browser (size, type from the first bytes), asks the server
 * whether the file may be uploaded, uploads with progress, then records it with the application.
 * A file stored but not recorded (the connection or the backend dropped in between) is deleted
 * again, or by the sweep the next upload runs once the backend answers.
 */
export function useDocumentUpload(
  target: UploadTarget,
  onUploaded: (document: ApplicationDocument, replaced: string | null) => void,
) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  async function upload(file: File, replaces: string | null): Promise<void> {
    setState({ phase: 'checking' });
    const supabase = getSupabaseBrowserClient(target.config);
    void sweepUnrecordedFiles(supabase, target.userId, target.applicationId);
    const checked = preflight({ name: file.name, size: file.size, head: await readHead(file) }, target.rule);
    if (!checked.ok) return setState(refused(checked.reason));
    const verdict = await validateOnServer(target.config, {
      name: file.name,
      size: file.size,
      type: checked.type,
    });
    if (!verdict.valid) return setState(refused(verdict.error ?? 'the file cannot be accepted.'));
    const path = storagePathFor(target.userId, target.applicationId, file.name);
    setState({ phase: 'uploading', progress: 0 });
    const sent = await uploadWithProgress({
      config: target.config,
      path,
      file: new Blob([file], { type: checked.type }),
      contentType: checked.type,
      onProgress: (progress) => setState({ phase: 'uploading', progress }),
    });
    if (!sent.ok) {
      void settleFailedUpload(supabase, target.applicationId, path);
      return setState({ phase: 'failed', message: `Upload failed: ${sent.message}` });
    }
    const recorded = await record(target, path, file, checked.type, replaces);
    if (!recorded.ok) return setState({ phase: 'failed', message: recorded.message });
    setState({ phase: 'idle' });
    onUploaded(recorded.document, recorded.replaced);
  }

  return { state, upload, reset: () => setState({ phase: 'idle' }) };
}
