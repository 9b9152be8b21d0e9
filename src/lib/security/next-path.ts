/**
 * The same-site path a sign-in may continue to, or the fallback. Only plain absolute paths are
 * honoured: protocol-relative (`//evil`), backslash tricks (`/\evil`), absolute URLs, schemes
 * (`javascript:`), control characters and anything that would resolve to another origin are refused.
 */
export function sanitizeNextPath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  const base = 'https://unipath.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return path.startsWith('//') ? fallback : path;
}

/** `/auth?next=<path>` for a page that needs a signed-in visitor. */
export function signInPath(next: string): string {
  return `/auth?next=${encodeURIComponent(sanitizeNextPath(next, '/'))}`;
}
