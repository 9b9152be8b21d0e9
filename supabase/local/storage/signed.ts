import { sendJson } from '../http/respond.ts';
import { asCaller, identify, ownerOf, type StorageCaller } from './caller.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { readJson } from './list.ts';
import { checkKey, splitObjectPath } from './names.ts';
import { findBucket, findObject } from './rows.ts';
import { serveObject } from './serve.ts';
import { expiresIn, signUrl, verifyUrl } from './tokens.ts';
import { storeObject } from './upload.ts';

const missing = 'Either the object does not exist or you do not have access to it';

export async function createSignedUrl(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const { bucket, key } = splitObjectPath(request.rest);
  const seconds = expiresIn((await readJson<{ expiresIn?: unknown }>(request)).expiresIn);
  const row = await asCaller(env.ctx, request, caller, (tx) => findObject(tx, bucket, key), true);
  if (!row) throw errors.noSuchKey();
  const token = await signUrl(env.ctx, { url: `${bucket}/${key}`, scope: 'download' }, seconds);
  sendJson(request.res, 200, { signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
}

export async function createSignedUrls(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const bucket = request.rest[0] ?? '';
  const body = await readJson<{ expiresIn?: unknown; paths?: unknown }>(request);
  const seconds = expiresIn(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
    throw errors.invalidRequest('body/paths must be an array of strings');
  paths.forEach(checkKey);
  const visible = await asCaller(
    env.ctx,
    request,
    caller,
    async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucket, paths],
      );
      return new Set(rows.map((r) => r.name));
    },
    true,
  );
  const results = [];
  for (const path of paths as string[]) {
    if (!visible.has(path)) results.push({ error: missing, path, signedURL: null });
    else {
      const token = await signUrl(env.ctx, { url: `${bucket}/${path}`, scope: 'download' }, seconds);
      results.push({ error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` });
    }
  }
  sendJson(request.res, 200, results);
}

/** Serves a signed URL: the token is the only credential, so policies are not consulted. */
export async function downloadSigned(env: StorageEnv, request: RouteRequest): Promise<void> {
  const { bucket, key } = splitObjectPath(request.rest);
  await verifyUrl(env.ctx, request.url.searchParams.get('token'), `${bucket}/${key}`, 'download');
  const row = await findObject(env.ctx.db, bucket, key);
  if (!row) throw errors.noSuchKey();
  await serveObject(request.req, request.res, request.url, env.disk, row);
}

class ProbeDone extends Error {}

/** Tries the insert (or upsert) the later upload will make, then rolls it back. */
async function probeUpload(
  env: StorageEnv,
  request: RouteRequest,
  caller: StorageCaller,
  bucket: string,
  key: string,
  upsert: boolean,
) {
  const { owner, ownerId } = ownerOf(caller);
  const conflict = upsert ? ' on conflict (bucket_id, name) do update set updated_at = now()' : '';
  try {
    await asCaller(env.ctx, request, caller, async (tx) => {
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3, $4)${conflict}`,
        [bucket, key, owner, ownerId],
      );
      throw new ProbeDone();
    });
  } catch (error) {
    if (!(error instanceof ProbeDone)) throw error;
  }
}

export async function createSignedUploadUrl(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const { bucket, key } = splitObjectPath(request.rest);
  if (!(await findBucket(env.ctx.db, bucket))) throw errors.noSuchBucket();
  const upsert = request.req.headers['x-upsert'] === 'true';
  await probeUpload(env, request, caller, bucket, key, upsert);
  const claims = { url: `${bucket}/${key}`, scope: 'upload' as const, owner: caller.sub, upsert };
  const token = await signUrl(env.ctx, claims, 2 * 60 * 60);
  sendJson(request.res, 200, { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
}

/** Uploads with a signed upload token; the owner recorded is the one who asked for the URL. */
export async function uploadSigned(env: StorageEnv, request: RouteRequest): Promise<void> {
  const { bucket, key } = splitObjectPath(request.rest);
  const claims = await verifyUrl(
    env.ctx,
    request.url.searchParams.get('token'),
    `${bucket}/${key}`,
    'upload',
  );
  const sub = claims.owner ?? null;
  const caller: StorageCaller = {
    role: 'service_role',
    claims: { role: 'service_role', ...(sub ? { sub } : {}) },
    sub,
  };
  const stored = await storeObject(env, request, caller, { bucket, key, upsert: claims.upsert === true });
  sendJson(request.res, 200, { Key: stored.key });
}
