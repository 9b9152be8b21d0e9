import type { ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { ContentCoding } from './encoding.ts';
import type { BodySink, RawResponse } from './response-interceptor.ts';

/** On-the-fly levels favour latency: brotli 5 is near gzip -9 in size at a fraction of brotli 11's cost. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

function createCompressor(coding: ContentCoding): BrotliCompress | Gzip {
  if (coding === 'br') {
    return createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return createGzip({ level: GZIP_LEVEL });
}

/**
 * Compresses a streamed response body. Chunks written in the same tick are flushed together, so
 * a server-rendered page still reaches the browser progressively instead of only at the end.
 */
export function createCompressionSink(
  coding: ContentCoding,
  res: ServerResponse,
  raw: RawResponse,
): BodySink {
  const compressor = createCompressor(coding);
  let flushScheduled = false;
  let ended = false;

  compressor.on('data', (chunk: Buffer) => {
    if (!raw.write(chunk)) compressor.pause();
  });
  res.on('drain', () => compressor.resume());
  // Writers that honour backpressure wait for the response's drain, which now means the compressor's.
  compressor.on('drain', () => res.emit('drain'));
  compressor.once('end', () => raw.end());
  compressor.once('error', (error) => res.destroy(error));
  res.once('close', () => {
    if (!res.writableFinished) compressor.destroy();
  });

  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (!ended && !compressor.destroyed) compressor.flush();
    });
  }

  return {
    write(chunk) {
      if (compressor.destroyed || ended) return false;
      const accepted = compressor.write(chunk);
      scheduleFlush();
      return accepted;
    },
    end() {
      if (ended) return;
      ended = true;
      if (!compressor.destroyed) compressor.end();
    },
  };
}
