export type ContentCoding = 'br' | 'gzip';

/** Preference when the client weighs codings equally: brotli is smaller for the same text. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return weights;
}

/**
 * Picks the content coding for a response from the request's Accept-Encoding and the codings
 * the server can offer; undefined means identity.
 */
export function negotiateEncoding(
  acceptEncoding: string | string[] | undefined,
  available: ReadonlySet<ContentCoding>,
): ContentCoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const weights = parseAcceptEncoding(header);
  const wildcard = weights.get('*') ?? 0;
  let best: ContentCoding | undefined;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.has(coding)) continue;
    const q = weights.get(coding) ?? wildcard;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds Accept-Encoding to a Vary header value without duplicating it. */
export function varyWithAcceptEncoding(current: string | number | string[] | undefined): string {
  const existing = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  if (existing.some((token) => token === '*' || token.toLowerCase() === 'accept-encoding')) {
    return existing.join(', ');
  }
  return [...existing, 'Accept-Encoding'].join(', ');
}
