import { useState } from 'react';
import type { BrowserClientConfig } from '../../lib/supabase/browser.ts';
import { getSupabaseBrowserClient } from '../../lib/supabase/browser.ts';
import { inspectFile } from './file-sniff.ts';
import { postDocument } from './post-document.ts';
import type { ApplicationDocument, DocumentRequirement } from './types.ts';
import { settleFailedUpload, sweepUnrecordedFiles } from './unrecorded-files.ts';
import { storagePathFor } from './upload-file.ts';

export interface UploadTarget {
  config: BrowserClientConfig;
  userId: string;
  applicationId: string;
  rule: DocumentRequirement;
  /** The offer condition the file is evidence for (kind condition_evidence). */
  conditionId?: string;
}

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'failed'; message: string };

const refused = (why: string) => ({ phase: 'failed' as const, message: `File validation failed: ${why}` });

/**
 * One document's upload: the same check the server runs (size, type from the bytes) first, for an
 * answer before anything is sent; then the file goes to the app, which checks it again, stores it
 * and records it, with progress. When the answer is lost, the document is taken as recorded if it
 * was, else its file is deleted (or by the sweep the next upload runs once the backend answers).
 */
export function useDocumentUpload(
  target: UploadTarget,
  onUploaded: (document: ApplicationDocument, replaced: string | null) => void,
) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const finish = (document: ApplicationDocument, replaced: string | null) => {
    setState({ phase: 'idle' });
    onUploaded(document, replaced);
  };

  async function upload(file: File, replaces: string | null): Promise<void> {
    setState({ phase: 'checking' });
    const supabase = getSupabaseBrowserClient(target.config);
    void sweepUnrecordedFiles(supabase, target.userId, target.applicationId);
    const checked = await inspectFile(file, target.rule);
    if (!checked.ok) return setState(refused(checked.reason));
    const path = storagePathFor(target.userId, target.applicationId, file.name);
    setState({ phase: 'uploading', progress: 0 });
    const sent = await postDocument({
      applicationId: target.applicationId,
      file,
      kind: target.rule.kind,
      path,
      replaces,
      conditionId: target.conditionId ?? null,
      onProgress: (progress) => setState({ phase: 'uploading', progress }),
    });
    if (sent.ok) return finish(sent.document, replaces);
    const recorded = sent.lost ? await settleFailedUpload(supabase, target.applicationId, path) : null;
    if (recorded) return finish(recorded, null);
    setState({ phase: 'failed', message: sent.message });
  }

  return { state, upload, reset: () => setState({ phase: 'idle' }) };
}
