import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http/respond.ts';
import { errors } from './errors.ts';

export interface UploadBody {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Room for multipart boundaries and fields on top of the file itself. */
const multipartOverhead = 64 * 1024;

function parseMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    throw errors.invalidRequest('Invalid metadata');
  }
}

async function fromMultipart(raw: Buffer, contentType: string): Promise<UploadBody> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw errors.noContent();
  }
  let file: Blob | null = null;
  for (const [, value] of form) if (!file && typeof value !== 'string') file = value;
  if (!file) throw errors.noContent();
  const cacheTime = form.get('cacheControl');
  const metadata = form.get('metadata');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimetype: file.type || 'application/octet-stream',
    cacheControl: typeof cacheTime === 'string' && cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads an upload the two ways storage-js sends one: multipart form data (Blob, File, FormData)
 * or a raw body described by its headers. `limit` is the effective size limit in bytes.
 */
export async function readUpload(req: IncomingMessage, limit: number): Promise<UploadBody> {
  const contentType = header(req, 'content-type') ?? '';
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
  const allowance = limit + (multipart ? multipartOverhead : 0);
  if (Number(header(req, 'content-length') ?? 0) > allowance) throw errors.tooLarge();
  let raw: Buffer;
  try {
    raw = await readBody(req, allowance);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw errors.tooLarge();
    throw errors.noContent();
  }
  let body: UploadBody;
  if (multipart) body = await fromMultipart(raw, contentType);
  else {
    if (raw.length === 0) throw errors.noContent();
    const encoded = header(req, 'x-metadata');
    body = {
      bytes: raw,
      mimetype: contentType || 'application/octet-stream',
      cacheControl: header(req, 'cache-control') ?? 'no-cache',
      userMetadata: parseMetadata(encoded ? Buffer.from(encoded, 'base64').toString('utf8') : null),
    };
  }
  if (body.bytes.length > limit) throw errors.tooLarge();
  return body;
}
