import { sendJson } from '../http/respond.ts';
import { asCaller, identify } from './caller.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { splitObjectPath } from './names.ts';
import { findBucket, findObject, type ObjectRow } from './rows.ts';
import { serveObject } from './serve.ts';

/** Reads a row the caller's SELECT policies let them see. */
async function visibleObject(env: StorageEnv, request: RouteRequest): Promise<ObjectRow> {
  const caller = await identify(env.ctx, request);
  const { bucket, key } = splitObjectPath(request.rest);
  const row = await asCaller(env.ctx, request, caller, (tx) => findObject(tx, bucket, key), true);
  if (!row) throw errors.noSuchKey();
  return row;
}

/** Public buckets serve without a token and without policies; other buckets do not exist here. */
async function publicObject(env: StorageEnv, request: RouteRequest): Promise<ObjectRow> {
  const { bucket, key } = splitObjectPath(request.rest);
  const found = await findBucket(env.ctx.db, bucket);
  if (!found?.public) throw errors.noSuchBucket();
  const row = await findObject(env.ctx.db, bucket, key);
  if (!row) throw errors.noSuchKey();
  return row;
}

export async function downloadAuthenticated(env: StorageEnv, request: RouteRequest): Promise<void> {
  const row = await visibleObject(env, request);
  await serveObject(request.req, request.res, request.url, env.disk, row);
}

export async function downloadPublic(env: StorageEnv, request: RouteRequest): Promise<void> {
  const row = await publicObject(env, request);
  await serveObject(request.req, request.res, request.url, env.disk, row);
}

function infoBody(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata.size ?? null,
    content_type: row.metadata.mimetype ?? null,
    cache_control: row.metadata.cacheControl ?? null,
    etag: row.metadata.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}

export async function info(env: StorageEnv, request: RouteRequest, access: 'public' | 'authenticated') {
  const row = access === 'public' ? await publicObject(env, request) : await visibleObject(env, request);
  sendJson(request.res, 200, infoBody(row), {
    etag: row.metadata.eTag,
    'last-modified': new Date(row.updated_at).toUTCString(),
    'cache-control': 'no-cache',
  });
}
