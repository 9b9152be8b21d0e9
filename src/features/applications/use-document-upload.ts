import { useState } from 'react';
import type { BrowserClientConfig } from '../../lib/supabase/browser.ts';
import { callApi } from './api-client.ts';
import { preflight, readHead } from './file-sniff.ts';
import type { ApplicationDocument, DocumentRequirement } from './types.ts';
import { storagePathFor, uploadWithProgress, validateOnServer } from './upload-file.ts';

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
 * One document's upload: checks in the browser (size, type from the first bytes), asks the server
 * whether the file may be uploaded, uploads with progress, then records it with the application.
 */
export function useDocumentUpload(
  target: UploadTarget,
  onUploaded: (document: ApplicationDocument, replaced: string | null) => void,
) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  async function upload(file: File, replaces: string | null): Promise<void> {
    setState({ phase: 'checking' });
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
    if (!sent.ok) return setState({ phase: 'failed', message: `Upload failed: ${sent.message}` });
    const recorded = await callApi<{ document: ApplicationDocument }>(
      `/api/applications/${target.applicationId}/documents`,
      'POST',
      {
        kind: target.rule.kind,
        storage_path: path,
        file_name: file.name,
        size_bytes: file.size,
        content_type: checked.type,
        replaces,
      },
    );
    if (!recorded.ok) return setState({ phase: 'failed', message: recorded.message });
    setState({ phase: 'idle' });
    onUploaded(recorded.document, replaces);
  }

  return { state, upload, reset: () => setState({ phase: 'idle' }) };
}
