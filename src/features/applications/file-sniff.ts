const bytesOf = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...bytesOf('IHDR')];
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
const startsWith = (head: Uint8Array, expected: readonly number[]) =>
  expected.every((byte, index) => head[index] === byte);

/**
 * File types an application document may have, recognised by how they start: a PDF by `%PDF-` and
 * its version (`%PDF-1.7`), a PNG by its signature and the IHDR chunk that must follow it, a JPEG by
 * its start-of-image marker and the marker after it. A file cut short before that is none of them.
 */
export const SIGNATURES = [
  {
    type: 'application/pdf',
    label: 'PDF',
    matches: (head: Uint8Array) =>
      startsWith(head, bytesOf('%PDF-')) && isDigit(head[5]) && head[6] === 0x2e && isDigit(head[7]),
  },
  { type: 'image/png', label: 'PNG', matches: (head: Uint8Array) => startsWith(head, PNG_START) },
  {
    type: 'image/jpeg',
    label: 'JPEG',
    matches: (head: Uint8Array) => startsWith(head, [0xff, 0xd8, 0xff]) && (head[3] ?? 0) >= 0xc0,
  },
] as const;

export type SniffedType = (typeof SIGNATURES)[number]['type'];

export const SNIFF_LENGTH = PNG_START.length;

/** The type the content really has, whatever the file is called; null when it is none we accept. */
export function sniffType(head: Uint8Array): SniffedType | null {
  return SIGNATURES.find((signature) => signature.matches(head))?.type ?? null;
}

export function typeLabel(type: string): string {
  return SIGNATURES.find((signature) => signature.type === type)?.label ?? type;
}

export interface FileRule {
  allowed_types: readonly string[];
  max_size_bytes: number;
}

export interface PreflightInput {
  name: string;
  size: number;
  head: Uint8Array;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Checks a file: not empty, within the size limit, content of an allowed type. Returns the type its
 * content really has, which is what the database then checks the name against (so PNG bytes named
 * .pdf are refused there) and what it is stored as, or why the file cannot be used.
 */
export function preflight(
  file: PreflightInput,
  rule: FileRule,
): { ok: true; type: SniffedType } | { ok: false; reason: string } {
  const allowed = rule.allowed_types.map(typeLabel).join(', ');
  if (file.size === 0) return { ok: false, reason: 'the file is empty.' };
  if (file.size > rule.max_size_bytes)
    return {
      ok: false,
      reason: `the file is ${formatBytes(file.size)}; the limit is ${formatBytes(rule.max_size_bytes)}.`,
    };
  const type = sniffType(file.head);
  if (!type || !rule.allowed_types.includes(type))
    return { ok: false, reason: `the content is not ${allowed}, whatever the file name says.` };
  return { ok: true, type };
}

/** What the documents bucket takes, whichever way a file arrives: PDF, PNG or JPEG up to 10 MB. */
export const BUCKET_RULE: FileRule = {
  allowed_types: SIGNATURES.map((signature) => signature.type),
  max_size_bytes: 10 * 1024 * 1024,
};

/**
 * Markup a browser would run if it ever took the file for a page (a PDF, PNG or JPEG that is also
 * HTML or SVG: a polyglot), and PDF actions that run scripts or programs. No scanned document,
 * transcript or photo holds any of these as plain bytes.
 */
const ACTIVE_MARKUP =
  /<(?:script|html|iframe|svg|body|head|object|embed|meta|base|form)[\s>/]|<!doctype\s+html|javascript:/i;
const PDF_ACTIONS = /\/(?:JavaScript|JS|Launch)\b/;

/** Why the whole content may not be kept although it starts as its type should, or null. */
export function activeContent(bytes: Uint8Array, type: SniffedType): string | null {
  const text = new TextDecoder('latin1').decode(bytes);
  if (ACTIVE_MARKUP.test(text)) return 'the file also holds web page code, so it cannot be kept.';
  if (type === 'application/pdf' && PDF_ACTIONS.test(text))
    return 'the PDF runs scripts or programs when opened; save it again without them (print to PDF).';
  return null;
}

/**
 * The one check every upload path runs on a file's bytes before it is stored (the browser as a
 * courtesy, the app server as the gate): how it starts (see `preflight`), then all of it (see
 * `activeContent`). Hosted Storage compares only the declared type with the bucket's allow-list and
 * the size with its limit; what the bytes are, only this says.
 */
export async function inspectFile(
  file: Blob & { name: string },
  rule: FileRule,
): Promise<ReturnType<typeof preflight>> {
  const head = new Uint8Array(await file.slice(0, SNIFF_LENGTH).arrayBuffer());
  const checked = preflight({ name: file.name, size: file.size, head }, rule);
  if (!checked.ok) return checked;
  const problem = activeContent(new Uint8Array(await file.arrayBuffer()), checked.type);
  return problem ? { ok: false, reason: problem } : checked;
}
