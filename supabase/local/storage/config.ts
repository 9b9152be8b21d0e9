import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bool, section, str, strs, type RawConfig } from '../config.ts';

export interface BucketSpec {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  /**
   * `objects_path`: a folder whose files are uploaded into the bucket when they are not there yet,
   * each named by its path below the folder (as `supabase seed buckets` does). Relative paths start
   * at the folder of config.toml (supabase/), as in the Supabase CLI.
   */
  objectsPath: string | null;
}

/** supabase/, where config.toml lives. */
const configDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface StorageConfig {
  /** The global upload limit in bytes. */
  fileSizeLimit: number;
  /** Buckets declared in `[storage.buckets.<name>]`, created at start when absent. */
  buckets: BucketSpec[];
}

const units: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** Reads a size such as `50MiB`, `20MB` or `1024` (bytes); null when it is not a size. */
export function parseSize(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const factor = units[(match?.[2] || 'b').toLowerCase()];
  if (!match || factor === undefined) return null;
  return Math.floor(Number(match[1]) * factor);
}

export function storageConfig(config: RawConfig, baseDir = configDir): StorageConfig {
  const storage = section(config, 'storage');
  const declared = section(storage, 'buckets');
  const buckets = Object.keys(declared).map((id): BucketSpec => {
    const spec = section(declared, id);
    const limit = spec['file_size_limit'];
    const types = spec['allowed_mime_types'];
    const objects = str(spec['objects_path'], '');
    return {
      id,
      public: bool(spec['public'], false),
      fileSizeLimit: limit === undefined || limit === '' ? null : parseSize(limit),
      allowedMimeTypes: types === undefined ? null : strs(types, []),
      objectsPath: objects === '' ? null : isAbsolute(objects) ? objects : resolve(baseDir, objects),
    };
  });
  return { fileSizeLimit: parseSize(storage['file_size_limit'] ?? '50MiB') ?? 50 * 1024 ** 2, buckets };
}
