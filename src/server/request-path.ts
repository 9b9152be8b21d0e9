/**
 * What the static layer may do with a request target:
 * - `file`: segments that are safe to look up under the client directory;
 * - `skip`: not a static candidate (dotfiles, source maps, stored variants), the app decides;
 * - `reject`: a traversal attempt or undecodable path, answered as not found without touching the disk.
 */
export type StaticTarget =
  | { kind: 'file'; segments: string[]; trailingSlash: boolean; pathname: string }
  | { kind: 'skip' }
  | { kind: 'reject' };

/** Files that exist in the build only to help the build: never served to browsers. */
const HIDDEN_SUFFIXES = ['.map', '.br', '.gz'];

export function rawPathname(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function decodeSegments(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

export function classifyStaticTarget(url: string | undefined): StaticTarget {
  if (!url || !url.startsWith('/')) return { kind: 'skip' };
  const pathname = rawPathname(url);
  const decoded = decodeSegments(pathname);
  if (!decoded) return { kind: 'reject' };
  const segments = decoded.slice(1);
  for (const segment of segments) {
    if (segment === '..' || /[\\/\0]/.test(segment)) return { kind: 'reject' };
  }
  const named = segments.filter((segment) => segment !== '' && segment !== '.');
  if (named.some((segment) => segment.startsWith('.'))) return { kind: 'skip' };
  const last = named.at(-1)?.toLowerCase() ?? '';
  if (HIDDEN_SUFFIXES.some((suffix) => last.endsWith(suffix))) return { kind: 'skip' };
  return { kind: 'file', segments: named, trailingSlash: pathname.endsWith('/'), pathname };
}
