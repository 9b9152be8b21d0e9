import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A stored page is compressed once and then sent many times, so it can afford better levels than
 * the server's on-the-fly compression; brotli 11 would triple the cost of a miss for a few percent.
 */
const STORED_BROTLI_QUALITY = 9;
const STORED_GZIP_LEVEL = 9;

export interface PageVariants {
  br: Buffer;
  gzip: Buffer;
}

/** Brotli and gzip copies of a stored body, computed off the main thread. */
export async function compressVariants(body: Uint8Array): Promise<PageVariants> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipAsync(body, { level: STORED_GZIP_LEVEL }),
  ]);
  return { br, gzip: gz };
}

/** A strong validator for one stored body: equal bodies get equal tags, across restarts too. */
export function bodyEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
