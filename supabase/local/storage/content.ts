import { errors } from './errors.ts';

/** `text/plain;charset=UTF-8` → `text/plain`. */
export function essence(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a bucket's allow-list (entries like `image/png` or `image/*`) admits the type. */
export function mimeAllowed(mime: string, allowed: string[]): boolean {
  const [type, subtype] = essence(mime).split('/');
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Markup sniffed at the start of a file (after a BOM and blanks): HTML, SVG, XML. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return /^<(!doctype|html|head|body|script|svg|\?xml|iframe|div|a |img|meta|!--)/.test(head);
}

function isPlainText(bytes: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

const signatures: Record<string, (bytes: Buffer) => boolean> = {
  'application/pdf': (b) => startsWith(b, ascii('%PDF-')),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'text/plain': (b) => isPlainText(b) && !looksLikeMarkup(b),
};

/**
 * Unipath's rule on top of Storage's: in a bucket with an allow-list, a file must be what it claims
 * to be. Known types are checked against their magic bytes, and markup never passes as an image.
 */
export function checkContent(mime: string, bytes: Buffer, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const type = essence(mime);
  if (!mimeAllowed(type, allowed)) throw errors.invalidMime(mime);
  const matches = signatures[type];
  if (matches && !matches(bytes)) throw errors.contentMismatch(type);
  if (type.startsWith('image/') && type !== 'image/svg+xml' && looksLikeMarkup(bytes))
    throw errors.contentMismatch(type);
}
