import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { isCompressibleType } from './content-types.ts';
import { negotiateEncoding, varyWithAcceptEncoding, type ContentCoding } from './encoding.ts';
import type { Representation, StaticEntry } from './static-entry.ts';

export interface SendOptions {
  status: number;
  cacheControl: string;
}

function etagMatches(header: string, etag: string): boolean {
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** RFC 9110 §13.1: If-None-Match wins over If-Modified-Since when both are present. */
function isNotModified(req: IncomingMessage, entry: StaticEntry, chosen: Representation): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) return etagMatches(ifNoneMatch, chosen.etag);
  const ifModifiedSince = req.headers['if-modified-since'];
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(entry.mtimeMs / 1000) * 1000 <= since;
}

function choose(req: IncomingMessage, entry: StaticEntry) {
  const available = new Set<ContentCoding>(entry.encoded.keys());
  const coding = negotiateEncoding(req.headers['accept-encoding'], available);
  const chosen = (coding && entry.encoded.get(coding)) || entry.identity;
  return { coding: chosen === entry.identity ? undefined : coding, chosen };
}

/** Sends one build file with negotiated encoding, validators and caching; HEAD gets headers only. */
export function sendStatic(
  req: IncomingMessage,
  res: ServerResponse,
  entry: StaticEntry,
  { status, cacheControl }: SendOptions,
): void {
  const { coding, chosen } = choose(req, entry);
  res.setHeader('Cache-Control', cacheControl);
  if (entry.csp) res.setHeader('Content-Security-Policy', entry.csp);
  if (isCompressibleType(entry.contentType) || entry.encoded.size > 0) {
    res.setHeader('Vary', varyWithAcceptEncoding(res.getHeader('Vary')));
  }
  if (status === 200) {
    res.setHeader('ETag', chosen.etag);
    res.setHeader('Last-Modified', entry.lastModified);
    if (isNotModified(req, entry, chosen)) {
      res.writeHead(304).end();
      return;
    }
  }
  res.setHeader('Content-Type', entry.contentType);
  res.setHeader('Content-Length', chosen.size);
  if (coding) res.setHeader('Content-Encoding', coding);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  pipeline(createReadStream(chosen.path), res, () => {
    // A client that goes away mid-download is routine; the pipeline already released the file.
  });
}
