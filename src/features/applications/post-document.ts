import { toastForFailedResponse } from '../security/security-toasts.ts';
import { ensureCsrfToken } from '../../stores/csrf.ts';
import type { ApplicationDocument } from './types.ts';

export interface DocumentPost {
  applicationId: string;
  file: File;
  kind: string;
  path: string;
  replaces: string | null;
  conditionId: string | null;
  onProgress: (fraction: number) => void;
}

/** Recorded; refused (nothing kept); or lost: the answer never came, so the file may be stored. */
export type DocumentPostResult =
  { ok: true; document: ApplicationDocument } | { ok: false; lost: boolean; message: string };

interface AnswerBody {
  document?: ApplicationDocument;
  message?: unknown;
}

function bodyOf(text: string): AnswerBody | null {
  try {
    return JSON.parse(text) as AnswerBody;
  } catch {
    return null; // Not JSON: a proxy or a crash answered; the status says enough.
  }
}

function resultOf(request: XMLHttpRequest): DocumentPostResult {
  const body = bodyOf(request.responseText);
  if (request.status === 201 && body?.document) return { ok: true, document: body.document };
  toastForFailedResponse(request.status, body);
  const message = typeof body?.message === 'string' ? body.message : `The upload failed (${request.status}).`;
  return { ok: false, lost: request.status >= 500, message };
}

/**
 * Posts a document's file to the app, which checks its bytes, stores it and records it.
 * XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export async function postDocument(input: DocumentPost): Promise<DocumentPostResult> {
  const form = new FormData();
  form.set('file', input.file);
  form.set('kind', input.kind);
  form.set('storage_path', input.path);
  if (input.replaces) form.set('replaces', input.replaces);
  if (input.conditionId) form.set('condition_id', input.conditionId);
  const token = await ensureCsrfToken();
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/applications/${input.applicationId}/documents`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-csrf-token', token);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => resolve(resultOf(request)));
    request.addEventListener('error', () =>
      resolve({
        ok: false,
        lost: true,
        message: 'The upload was interrupted. Check your connection and try again.',
      }),
    );
    request.send(form);
  });
}
