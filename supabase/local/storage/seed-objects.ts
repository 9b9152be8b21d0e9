import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { BucketSpec } from './config.ts';
import { checkMime } from './content.ts';
import type { StorageEnv } from './env.ts';
import { checkKey } from './names.ts';
import { findBucket, type ObjectMetadata } from './rows.ts';

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.html': 'text/html',
};

/** The type a file is uploaded with, from its extension, as the Supabase CLI guesses it. */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Whether the object is stored already: a row with a file behind it. */
async function stored(env: StorageEnv, bucket: string, key: string): Promise<string | null | undefined> {
  const { rows } = await env.ctx.db.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2',
    [bucket, key],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.version && existsSync(env.disk.file(bucket, row.version)) ? row.version : null;
}

/**
 * Stores one seed file as an object. A row the database seed wrote ahead of the file (documents
 * need the object's row before they can be recorded) gets the file and its real metadata.
 */
async function storeSeedFile(env: StorageEnv, bucket: string, key: string, bytes: Buffer, type: string) {
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype: type,
    cacheControl: 'max-age=3600',
    lastModified: new Date().toUTCString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
  const version = randomUUID();
  const temp = await env.disk.writeTemp(bytes);
  let placed: string | null = null;
  try {
    await env.ctx.db.transaction(async (tx) => {
      await tx.query(
        `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3, $4)
         on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version,
           updated_at = now()`,
        [bucket, key, JSON.stringify(metadata), version],
      );
      placed = await env.disk.place(temp, bucket, version);
    });
  } catch (error) {
    await env.disk.remove(temp);
    if (placed) await env.disk.remove(placed);
    throw error;
  }
}

/**
 * Uploads the files of every bucket's `objects_path` that the bucket does not hold yet, so a restart
 * adds nothing twice. A file the bucket's rules refuse is reported and left out, as an upload of it
 * would be. Returns how many objects were stored.
 */
export async function seedBucketObjects(env: StorageEnv, specs: BucketSpec[]): Promise<number> {
  let count = 0;
  for (const spec of specs) {
    if (!spec.objectsPath) continue;
    const bucket = await findBucket(env.ctx.db, spec.id);
    if (!bucket || !existsSync(spec.objectsPath)) {
      env.ctx.log(`storage: nothing seeded into ${spec.id}: ${spec.objectsPath} or the bucket is missing`);
      continue;
    }
    for (const file of await filesBelow(spec.objectsPath)) {
      const key = relative(spec.objectsPath, file).split(sep).join('/');
      try {
        checkKey(key);
        if (await stored(env, bucket.id, key)) continue;
        const bytes = await readFile(file);
        const type = contentTypeOf(file);
        const limit = Math.min(env.config.fileSizeLimit, bucket.file_size_limit ?? Infinity);
        if (bytes.length > limit) throw new Error(`larger than the bucket's limit of ${limit} bytes`);
        checkMime(type, bucket.allowed_mime_types);
        await storeSeedFile(env, bucket.id, key, bytes, type);
        count += 1;
      } catch (error) {
        env.ctx.log(`storage: seed file ${file} not uploaded to ${bucket.id}: ${(error as Error).message}`);
      }
    }
  }
  return count;
}
