import { getSupabaseBrowserClient, type BrowserClientConfig } from '../../lib/supabase/browser.ts';

export const DOCUMENTS_BUCKET = 'application-documents';

/** A file name the storage policies accept: letters, digits, dot, dash, underscore; no "..". */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+\./g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
  return (cleaned || 'document').slice(-120);
}

/** `<applicant id>/<application id>/<uuid>-<safe name>`, the only place an applicant may upload to. */
export function storagePathFor(userId: string, applicationId: string, fileName: string): string {
  return `${userId}/${applicationId}/${crypto.randomUUID()}-${safeFileName(fileName)}`;
}

export interface UploadInput {
  config: BrowserClientConfig;
  path: string;
  file: Blob;
  contentType: string;
  onProgress: (fraction: number) => void;
}

/**
 * Uploads straight to storage with the applicant's own token. XMLHttpRequest rather than fetch,
 * because only it reports upload progress.
 */
export async function uploadWithProgress(
  input: UploadInput,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const { data } = await getSupabaseBrowserClient(input.config).auth.getSession();
  const token = data.session?.access_token;
  if (!token) return { ok: false, message: 'Your session has ended. Please sign in again.' };
  const encoded = input.path.split('/').map(encodeURIComponent).join('/');
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${input.config.url}/storage/v1/object/${DOCUMENTS_BUCKET}/${encoded}`);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('apikey', input.config.anonKey);
    request.setRequestHeader('content-type', input.contentType);
    request.setRequestHeader('x-upsert', 'false');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) return resolve({ ok: true });
      let message = `The upload failed (${request.status}).`;
      try {
        const body = JSON.parse(request.responseText) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // Not JSON: the status line says enough.
      }
      resolve({ ok: false, message });
    });
    request.addEventListener('error', () =>
      resolve({ ok: false, message: 'The upload was interrupted. Check your connection and try again.' }),
    );
    request.send(input.file);
  });
}

/** The server's verdict on a file before it is uploaded (`validate_file_upload`). */
export async function validateOnServer(
  config: BrowserClientConfig,
  file: { name: string; size: number; type: string },
): Promise<{ valid: boolean; error: string | null }> {
  const { data, error } = await getSupabaseBrowserClient(config).rpc('validate_file_upload', {
    file_name: file.name,
    file_size: file.size,
    content_type: file.type,
  });
  if (error) return { valid: false, error: 'the check could not be run. Please try again.' };
  return data as { valid: boolean; error: string | null };
}
