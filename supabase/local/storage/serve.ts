import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { errors } from './errors.ts';
import type { Disk } from './disk.ts';
import type { ObjectRow } from './rows.ts';

function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) throw errors.invalidRange();
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) throw errors.invalidRange();
  return { start, end };
}

/** `download=` asks for an attachment, named after the object unless a name is given. */
function disposition(url: URL, objectName: string): Record<string, string> {
  if (!url.searchParams.has('download')) return {};
  const name = url.searchParams.get('download') || objectName.split('/').pop() || 'download';
  return {
    'content-disposition': `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
}

/** Sends an object's bytes with Storage's headers; supports ranges and conditional requests. */
export async function serveObject(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  disk: Disk,
  row: ObjectRow,
): Promise<void> {
  const path = disk.file(row.bucket_id, row.version);
  const size = (await stat(path).catch(() => null))?.size;
  if (size === undefined) throw errors.noSuchKey();
  const headers: Record<string, string> = {
    'content-type': row.metadata.mimetype,
    'cache-control': row.metadata.cacheControl,
    etag: row.metadata.eTag,
    'last-modified': new Date(row.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
    ...disposition(url, row.name),
  };
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === row.metadata.eTag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = req.headers.range ? parseRange(req.headers.range, size) : null;
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(range.end - range.start + 1);
  } else headers['content-length'] = String(size);
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  await pipeline(createReadStream(path, range ?? {}), res);
}
