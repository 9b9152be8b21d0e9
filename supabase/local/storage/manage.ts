import { randomUUID } from 'node:crypto';
import { sendJson } from '../http/respond.ts';
import { asCaller, identify, ownerOf } from './caller.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { readJson } from './list.ts';
import { checkKey, splitObjectPath } from './names.ts';
import { findObject, isoRow, objectColumns, type ObjectRow } from './rows.ts';

/** Deletes the rows the caller may see and delete; their files go once the rows are gone. */
export async function removeObjects(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const bucket = request.rest[0] ?? '';
  const body = await readJson<{ prefixes?: unknown }>(request);
  const names = body.prefixes;
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string'))
    throw errors.invalidRequest('body/prefixes must be a non-empty array of strings');
  names.forEach(checkKey);
  const rows = await asCaller(env.ctx, request, caller, async (tx) =>
    (
      await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${objectColumns}`,
        [bucket, names],
      )
    ).rows.map(isoRow),
  );
  for (const row of rows) await env.disk.remove(env.disk.file(row.bucket_id, row.version));
  sendJson(request.res, 200, rows);
}

export async function deleteObject(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const { bucket, key } = splitObjectPath(request.rest);
  const row = await asCaller(
    env.ctx,
    request,
    caller,
    async (tx) =>
      (
        await tx.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name = $2 returning ${objectColumns}`,
          [bucket, key],
        )
      ).rows[0],
  );
  if (!row) throw errors.noSuchKey();
  await env.disk.remove(env.disk.file(row.bucket_id, row.version));
  sendJson(request.res, 200, { message: 'Successfully deleted' });
}

interface TransferBody {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
  copyMetadata?: unknown;
  metadata?: unknown;
}

/**
 * Move and copy give the destination its own file (a hard link) under a new version inside the
 * row's transaction; a move drops the source file only after the commit.
 */
export async function transfer(env: StorageEnv, request: RouteRequest, kind: 'move' | 'copy'): Promise<void> {
  const caller = await identify(env.ctx, request);
  const body = await readJson<TransferBody>(request);
  if (typeof body.bucketId !== 'string' || typeof body.sourceKey !== 'string')
    throw errors.invalidRequest("body must have required properties 'bucketId' and 'sourceKey'");
  const source = { bucket: body.bucketId, key: checkKey(body.sourceKey) };
  const target = {
    bucket:
      typeof body.destinationBucket === 'string' && body.destinationBucket
        ? body.destinationBucket
        : source.bucket,
    key: checkKey(body.destinationKey),
  };
  const version = randomUUID();
  let placed: string | null = null;
  try {
    const result = await asCaller(env.ctx, request, caller, async (tx) => {
      const row = await findObject(tx, source.bucket, source.key);
      if (!row) throw errors.noSuchKey();
      placed = await env.disk.duplicate(row.bucket_id, row.version, target.bucket, version);
      if (kind === 'move') {
        const moved = await tx.query(
          `update storage.objects set bucket_id = $2, name = $3, version = $4, updated_at = now()
            where id = $1 returning id`,
          [row.id, target.bucket, target.key, version],
        );
        if (moved.rows.length === 0) throw errors.accessDenied();
        return { row, id: row.id };
      }
      const id = randomUUID();
      const { owner, ownerId } = ownerOf(caller);
      const userMetadata = body.copyMetadata === false ? (body.metadata ?? null) : row.user_metadata;
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          target.bucket,
          target.key,
          owner,
          ownerId,
          JSON.stringify(row.metadata),
          userMetadata === null ? null : JSON.stringify(userMetadata),
          version,
        ],
      );
      return { row, id };
    });
    if (kind === 'move') {
      await env.disk.remove(env.disk.file(result.row.bucket_id, result.row.version));
      sendJson(request.res, 200, { message: 'Successfully moved' });
    } else sendJson(request.res, 200, { Id: result.id, Key: `${target.bucket}/${target.key}` });
  } catch (error) {
    if (placed) await env.disk.remove(placed);
    throw error;
  }
}
