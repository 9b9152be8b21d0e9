import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CompressedSize {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Bytes on the wire for one text asset, compressed at the levels the build's precompression uses. */
export function compressedSize(content: string | Uint8Array): CompressedSize {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  if (data.length === 0) return { raw: 0, gzip: 0, brotli: 0 };
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }).length,
  };
}

export function addSizes(sizes: readonly CompressedSize[]): CompressedSize {
  return sizes.reduce(
    (sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}
