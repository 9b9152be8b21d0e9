import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { contentTypeForFile } from './content-types.ts';
import { extractMetaPolicy } from './csp.ts';
import type { ContentCoding } from './encoding.ts';
import type { SecurityHeaders } from './security-headers.ts';
import { isCurrentVariant, VARIANT_SUFFIX } from './variants.ts';

export interface Representation {
  path: string;
  size: number;
  etag: string;
}

/** What the server knows about one file of the client build, refreshed when the file changes. */
export interface StaticEntry {
  filePath: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  lastModified: string;
  identity: Representation;
  encoded: Map<ContentCoding, Representation>;
  /** Header policy for HTML documents (page hashes merged in); undefined for other files. */
  csp: string | undefined;
}

async function contentDigest(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('base64url').slice(0, 27);
}

async function regularFile(path: string): Promise<Stats | undefined> {
  try {
    const stats = await lstat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** Precompressed siblings count only when written from this exact version of the file. */
async function findVariants(filePath: string, source: Stats, digest: string) {
  const encoded = new Map<ContentCoding, Representation>();
  for (const coding of ['br', 'gzip'] as const) {
    const suffix = VARIANT_SUFFIX[coding];
    const path = filePath + suffix;
    const stats = await regularFile(path);
    if (stats && isCurrentVariant(stats, source)) {
      encoded.set(coding, { path, size: stats.size, etag: `"${digest}${suffix.replace('.', '-')}"` });
    }
  }
  return encoded;
}

export async function buildStaticEntry(
  filePath: string,
  stats: Stats,
  security: SecurityHeaders,
): Promise<StaticEntry> {
  const contentType = contentTypeForFile(filePath);
  const digest = await contentDigest(filePath);
  const isHtml = contentType.startsWith('text/html');
  const csp = isHtml ? security.cspForPage(extractMetaPolicy(await readFile(filePath, 'utf8'))) : undefined;
  return {
    filePath,
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    contentType,
    lastModified: new Date(stats.mtimeMs).toUTCString(),
    identity: { path: filePath, size: stats.size, etag: `"${digest}"` },
    encoded: await findVariants(filePath, stats, digest),
    csp,
  };
}

export { regularFile };
