import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isPrecompressible, MIN_COMPRESS_BYTES } from './content-types.ts';
import { isStampedFrom, VARIANT_SUFFIX } from './variants.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressSummary {
  files: number;
  written: number;
  upToDate: number;
}

async function* walk(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

const CODECS = [
  {
    suffix: VARIANT_SUFFIX.br,
    encode: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  {
    suffix: VARIANT_SUFFIX.gzip,
    encode: (data: Buffer) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  },
] as const;

/**
 * Writes `file.br` and `file.gz` beside one file. A variant carries its source's modification time,
 * which is how the server and later runs know it belongs to this exact version of the file.
 */
async function precompressFile(path: string): Promise<'written' | 'up-to-date'> {
  const source = await stat(path);
  let data: Buffer | undefined;
  let wrote = false;
  for (const { suffix, encode } of CODECS) {
    const variantPath = path + suffix;
    const existing = await stat(variantPath).catch(() => undefined);
    if (existing && isStampedFrom(existing, source)) continue;
    data ??= await readFile(path);
    const encoded = await encode(data);
    if (encoded.length >= data.length) {
      await rm(variantPath, { force: true });
      continue;
    }
    await writeFile(variantPath, encoded);
    await utimes(variantPath, source.atime, source.mtime);
    wrote = true;
  }
  return wrote ? 'written' : 'up-to-date';
}

function isCandidate(path: string, size: number): boolean {
  return isPrecompressible(path) && size >= MIN_COMPRESS_BYTES && !path.endsWith('.map');
}

/** Precompresses every text file of the client build that is worth it; safe to run repeatedly. */
export async function precompressDirectory(root: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, written: 0, upToDate: 0 };
  for await (const path of walk(root)) {
    const { size } = await stat(path);
    if (!isCandidate(path, size)) continue;
    summary.files += 1;
    if ((await precompressFile(path)) === 'written') summary.written += 1;
    else summary.upToDate += 1;
  }
  return summary;
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (invokedDirectly()) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../../dist/client', import.meta.url));
  const started = performance.now();
  const { files, written, upToDate } = await precompressDirectory(root);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `precompress: ${files} files in ${root} (${written} compressed, ${upToDate} up to date) in ${seconds}s`,
  );
}
