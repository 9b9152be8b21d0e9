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
