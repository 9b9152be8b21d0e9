import type { ServerResponse } from 'node:http';

/** A page is at most this large; a longer answer (an export) goes out in pieces of this size. */
export const COLLECT_LIMIT = 256 * 1024;

type Callback = (error?: Error | null) => void;
type Head = Parameters<ServerResponse['writeHead']>;

const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : // A copy: the renderer may reuse the memory behind a chunk once it has been written.
      Buffer.from(chunk as Uint8Array);

/**
 * Collects what the renderer writes and hands it on (to the compressor) in one piece at the end,
 * or in large pieces for a long answer, instead of the hundreds of small chunks Astro writes.
 *
 * Nothing is sent before the first piece, so a render that fails before then (a component that
 * throws) is answered with `errorPage` and status 500 instead of a broken 200.
 * Every write's callback is called, which the renderer's own error handling waits on: without it
 * a failed render was never ended and its request hung.
 */
export function collectWrites(res: ServerResponse, errorPage: string): void {
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  const destroy = res.destroy.bind(res);
  let head: Head | undefined;
  let chunks: Buffer[] = [];
  let size = 0;
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    res.writeHead = writeHead;
    if (head) writeHead(...head);
  };
  const flush = () => {
    start();
    if (size === 0) return;
    write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    chunks = [];
    size = 0;
  };

  res.writeHead = ((...args: Head) => {
    head = args;
    return res;
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const done = (typeof encoding === 'function' ? encoding : callback) as Callback | undefined;
    const piece = toBuffer(chunk, encoding);
    chunks.push(piece);
    size += piece.length;
    if (size >= COLLECT_LIMIT) flush();
    if (done) process.nextTick(done);
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    let done = callback as (() => void) | undefined;
    if (typeof chunk === 'function') done = chunk as () => void;
    else if (typeof encoding === 'function') done = encoding as () => void;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      const piece = toBuffer(chunk, encoding);
      chunks.push(piece);
      size += piece.length;
    }
    flush();
    return end(done);
  }) as ServerResponse['end'];

  res.destroy = ((error?: Error) => {
    if (started || res.destroyed) return destroy(error);
    // Nothing has gone out yet: the visitor gets the error page rather than a cut-off page.
    started = true;
    res.writeHead = writeHead;
    chunks = [];
    size = 0;
    res.statusCode = 500;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    for (const name of ['content-length', 'etag', 'last-modified', 'set-cookie']) res.removeHeader(name);
    end(errorPage);
    return res;
  }) as ServerResponse['destroy'];
}
