import { sendJson } from '../http/respond.ts';
import { asCaller, identify, ownerOf } from './caller.ts';
import { parseSize, type BucketSpec } from './config.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { readJson } from './list.ts';
import { checkBucketName } from './names.ts';
import { bucketColumns, findBucket, isoRow, type BucketRow } from './rows.ts';

interface BucketBody {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

function limitOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '' || value === 0) return null;
  const size = parseSize(value);
  if (size === null)
    throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  return size;
}

function mimeTypesOf(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((t) => typeof t === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(t)))
    throw errors.invalidRequest('Invalid mime type format');
  return value.length ? (value as string[]) : null;
}

export async function listBuckets(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const rows = await asCaller(
    env.ctx,
    request,
    caller,
    async (tx) =>
      (await tx.query<BucketRow>(`select ${bucketColumns} from storage.buckets order by name`)).rows,
    true,
  );
  sendJson(request.res, 200, rows.map(isoRow));
}

export async function getBucket(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const row = await asCaller(env.ctx, request, caller, (tx) => findBucket(tx, request.rest[0] ?? ''), true);
  if (!row) throw errors.noSuchBucket();
  sendJson(request.res, 200, row);
}

export async function createBucket(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const body = await readJson<BucketBody>(request);
  const id = checkBucketName(body.id ?? body.name);
  const { owner, ownerId } = ownerOf(caller);
  await asCaller(env.ctx, request, caller, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4, $5, $6)`,
      [
        id,
        owner,
        ownerId,
        body.public === true,
        limitOf(body.file_size_limit),
        mimeTypesOf(body.allowed_mime_types),
      ],
    ),
  );
  sendJson(request.res, 200, { name: id });
}

/** A limit left out of the body stays as it is; `null` clears it, as on the platform. */
export async function updateBucket(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const body = await readJson<BucketBody>(request);
  const updated = await asCaller(
    env.ctx,
    request,
    caller,
    async (tx) =>
      (
        await tx.query(
          `update storage.buckets set public = coalesce($2, public),
           file_size_limit = case when $3 then $4 else file_size_limit end,
           allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
           updated_at = now() where id = $1 returning id`,
          [
            request.rest[0] ?? '',
            typeof body.public === 'boolean' ? body.public : null,
            body.file_size_limit !== undefined,
            limitOf(body.file_size_limit),
            body.allowed_mime_types !== undefined,
            mimeTypesOf(body.allowed_mime_types),
          ],
        )
      ).rows.length,
  );
  if (!updated) throw errors.noSuchBucket();
  sendJson(request.res, 200, { message: 'Successfully updated' });
}

export async function emptyBucket(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const id = request.rest[0] ?? '';
  const versions = await asCaller(env.ctx, request, caller, async (tx) => {
    if (!(await findBucket(tx, id))) throw errors.noSuchBucket();
    const { rows } = await tx.query<{ version: string }>(
      'delete from storage.objects where bucket_id = $1 returning version',
      [id],
    );
    return rows.map((r) => r.version);
  });
  for (const version of versions) await env.disk.remove(env.disk.file(id, version));
  sendJson(request.res, 200, { message: 'Successfully emptied' });
}

export async function deleteBucket(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const id = request.rest[0] ?? '';
  const objects = await env.ctx.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  await asCaller(env.ctx, request, caller, async (tx) => {
    if (!(await findBucket(tx, id))) throw errors.noSuchBucket();
    if (objects.rows.length > 0) throw errors.notEmpty();
    const deleted = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
    if (deleted.rows.length === 0) throw errors.accessDenied();
  });
  await env.disk.removeBucket(id);
  sendJson(request.res, 200, { message: 'Successfully deleted' });
}

/** Creates the buckets config.toml declares, leaving existing ones as they are. */
export async function ensureBuckets(env: StorageEnv, specs: BucketSpec[]): Promise<void> {
  for (const spec of specs)
    await env.ctx.db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4) on conflict (id) do nothing`,
      [checkBucketName(spec.id), spec.public, spec.fileSizeLimit, spec.allowedMimeTypes],
    );
}
