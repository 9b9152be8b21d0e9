/** File types an application document may have, recognised by their first bytes. */
export const SIGNATURES = [
  { type: 'application/pdf', label: 'PDF', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', label: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', label: 'JPEG', bytes: [0xff, 0xd8, 0xff] },
] as const;

export type SniffedType = (typeof SIGNATURES)[number]['type'];

export const SNIFF_LENGTH = 8;

/** The type the content really has, whatever the file is called; null when it is none we accept. */
export function sniffType(head: Uint8Array): SniffedType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.type ?? null;
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
 * Checks a file before it leaves the browser: not empty, within the size limit, content of an
 * allowed type. Returns the type its content really has, which is what the server then checks the
 * name against (so PNG bytes named .pdf are refused there), or why the file cannot be used.
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

/** The first bytes of a browser File, enough to recognise its type. */
export async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_LENGTH).arrayBuffer());
}
