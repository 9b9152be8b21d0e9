import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addSizes, compressedSize } from '../../bench/compressed-size.ts';

describe('compressedSize', () => {
  const script = 'export function greet(name){return `Hello, ${name}!`}\n'.repeat(200);

  it('counts raw UTF-8 bytes, not characters', () => {
    expect(compressedSize('é').raw).toBe(2);
    expect(compressedSize(new Uint8Array([1, 2, 3])).raw).toBe(3);
  });

  it('matches gzip -9 and brotli quality 11, the levels the build precompresses with', () => {
    const size = compressedSize(script);
    expect(size.raw).toBe(Buffer.byteLength(script));
    expect(size.gzip).toBeLessThan(size.raw / 10);
    expect(size.brotli).toBeLessThan(size.gzip);
    expect(size.gzip).toBe(gzipSync(script, { level: 9 }).length);
    expect(size.brotli).toBe(
      brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
  });

  it('counts nothing as nothing, so a page without scripts ships 0 bytes', () => {
    expect(compressedSize('')).toEqual({ raw: 0, gzip: 0, brotli: 0 });
  });

  it('adds sizes per encoding', () => {
    expect(addSizes([compressedSize(script), compressedSize('')])).toEqual(compressedSize(script));
    expect(
      addSizes([
        { raw: 1, gzip: 2, brotli: 3 },
        { raw: 10, gzip: 20, brotli: 30 },
      ]),
    ).toEqual({ raw: 11, gzip: 22, brotli: 33 });
  });
});
