import type { Service, StackContext } from '../context.ts';
import { sendJson } from '../http/respond.ts';
import { ensureBuckets } from './buckets.ts';
import { storageConfig } from './config.ts';
import { Disk } from './disk.ts';
import type { StorageEnv } from './env.ts';
import { errors, fromDatabase, sendError, StorageApiError } from './errors.ts';
import { decodeSegments } from './names.ts';
import { match } from './routes.ts';
import { seedBucketObjects } from './seed-objects.ts';

/** Removes what an interrupted upload or delete left on disk: temp files and files without a row. */
export async function sweepStorage(env: StorageEnv): Promise<number> {
  const { rows } = await env.ctx.db.query<{ bucket_id: string; version: string }>(
    'select bucket_id, version from storage.objects where version is not null',
  );
  return env.disk.sweep(new Set(rows.map((r) => `${env.disk.folderName(r.bucket_id)}/${r.version}`)));
}

/** The Storage API under /storage/v1, backed by storage.* tables and files in ctx.storageDir. */
export async function createStorageService(ctx: StackContext): Promise<Service> {
  const env: StorageEnv = { ctx, disk: new Disk(ctx.storageDir), config: storageConfig(ctx.config) };
  await ensureBuckets(env, env.config.buckets);
  const swept = await sweepStorage(env);
  if (swept > 0) ctx.log(`storage: removed ${swept} file(s) left without a database row`);
  const seeded = await seedBucketObjects(env, env.config.buckets);
  if (seeded > 0) ctx.log(`storage: uploaded ${seeded} seed file(s) from objects_path`);

  return {
    async handle(request) {
      const { req, res } = request;
      try {
        const found = match(req.method ?? 'GET', decodeSegments(request.path));
        if (!found) {
          sendJson(res, 404, {
            statusCode: '404',
            error: 'Not Found',
            message: `Route ${req.method}:${request.url.pathname} not found`,
          });
          return;
        }
        await found.handler(env, { ...request, rest: found.rest });
      } catch (error) {
        const known = error instanceof StorageApiError ? error : fromDatabase(error);
        if (!known)
          ctx.log(
            `storage: ${req.method} ${request.url.pathname}: ${(error as Error).stack ?? String(error)}`,
          );
        if (res.headersSent) res.destroy();
        else sendError(res, known ?? errors.internal());
      }
    },
  };
}
