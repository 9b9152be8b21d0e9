import { extname } from 'node:path';

const UTF8 = '; charset=utf-8';

/** Media types by file extension; text types carry their charset so browsers never guess. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': `text/html${UTF8}`,
  '.css': `text/css${UTF8}`,
  '.js': `text/javascript${UTF8}`,
  '.mjs': `text/javascript${UTF8}`,
  '.json': `application/json${UTF8}`,
  '.webmanifest': `application/manifest+json${UTF8}`,
  '.xml': `application/xml${UTF8}`,
  '.txt': `text/plain${UTF8}`,
  '.svg': `image/svg+xml${UTF8}`,
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Extensions worth storing precompressed: text formats plus icons, which are mostly uncompressed bitmaps. */
export const PRECOMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.webmanifest',
  '.xml',
  '.txt',
  '.svg',
  '.ico',
]);

/** Below this size compression saves less than the extra round of headers costs. */
export const MIN_COMPRESS_BYTES = 1024;

export function contentTypeForFile(filePath: string): string {
  return TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export function isPrecompressible(filePath: string): boolean {
  return PRECOMPRESSIBLE_EXTENSIONS.has(extname(filePath).toLowerCase());
}

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|rss\+xml|atom\+xml|ld\+json|problem\+json|geo\+json)|image\/svg\+xml)/i;

/** Whether a response body of this Content-Type shrinks meaningfully under br/gzip. */
export function isCompressibleType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return COMPRESSIBLE_TYPE.test(contentType.trim()) || /\+json\b|\+xml\b/i.test(contentType);
}
