import { createHash, randomUUID } from 'node:crypto';
import { asCaller, ownerOf, type StorageCaller } from './caller.ts';
import { readUpload } from './body.ts';
import { checkMime } from './content.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { storageFaults } from './faults.ts';
import { checkKey } from './names.ts';
import { findBucket, type ObjectMetadata } from './rows.ts';

export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
}

// Insert needs no SELECT policy (the id is chosen here, nothing is read back); upsert needs SELECT
// and UPDATE as on the platform, so it may return the id of the row it replaced.
const insertSql = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7, $8)`;
const upsertSql = `${insertSql}
  on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
    metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()
  returning id`;

/**
 * Stores an upload so that a crash at any point leaves either the old state or the new one: the
 * flushed temp file is renamed into place inside the row's transaction, just before it commits.
 * A crash before the commit leaves a file no row points at, which the startup sweep deletes.
 */
export async function storeObject(
  env: StorageEnv,
  request: RouteRequest,
  caller: StorageCaller,
  target: UploadTarget,
): Promise<{ id: string; key: string }> {
  const key = checkKey(target.key);
  const bucket = await findBucket(env.ctx.db, target.bucket);
  if (!bucket) throw errors.noSuchBucket();
  const limit = Math.min(env.config.fileSizeLimit, bucket.file_size_limit ?? Infinity);
  const body = await readUpload(request.req, limit);
  checkMime(body.mimetype, bucket.allowed_mime_types);

  const version = randomUUID();
  const newId = randomUUID();
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.length,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: body.bytes.length,
    httpStatusCode: 200,
  };
  const previous = target.upsert
    ? (
        await env.ctx.db.query<{ version: string }>(
          'select version from storage.objects where bucket_id = $1 and name = $2',
          [bucket.id, key],
        )
      ).rows[0]?.version
    : undefined;
  const temp = await env.disk.writeTemp(body.bytes);
  const { owner, ownerId } = ownerOf(caller);
  let placed: string | null = null;
  try {
    const id = await asCaller(env.ctx, request, caller, async (tx) => {
      const userMetadata = body.userMetadata ? JSON.stringify(body.userMetadata) : null;
      const row = await tx.query<{ id: string }>(target.upsert ? upsertSql : insertSql, [
        newId,
        bucket.id,
        key,
        owner,
        ownerId,
        JSON.stringify(metadata),
        userMetadata,
        version,
      ]);
      placed = await env.disk.place(temp, bucket.id, version);
      await storageFaults.beforeCommit?.();
      return row.rows[0]?.id ?? newId;
    });
    if (previous && previous !== version) await env.disk.remove(env.disk.file(bucket.id, previous));
    return { id, key: `${bucket.id}/${key}` };
  } catch (error) {
    await env.disk.remove(temp);
    if (placed) await env.disk.remove(placed);
    throw error;
  }
}
