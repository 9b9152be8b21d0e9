import { readBody, sendJson } from '../http/respond.ts';
import { asCaller, identify } from './caller.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { checkKeyPart } from './names.ts';
import { isoRow } from './rows.ts';

interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  search?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
}

const sortColumns = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

export async function readJson<T>(request: RouteRequest): Promise<T> {
  const raw = await readBody(request.req, 1024 * 1024);
  if (raw.length === 0) return {} as T;
  try {
    return JSON.parse(raw.toString('utf8')) as T;
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One level of a bucket below `prefix`, as Storage lists it: folders first (id and metadata null),
 * then files, with names relative to the prefix; `search` filters names by their start. Files carry
 * their user metadata as `user_metadata`, as Storage's search function returns it.
 */
export async function listObjects(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const bucket = request.rest[0] ?? '';
  const body = await readJson<ListBody>(request);
  if (typeof body.prefix !== 'string')
    throw errors.invalidRequest("body must have required property 'prefix'");
  const column = body.sortBy?.column ?? 'name';
  const order = body.sortBy?.order ?? 'asc';
  if (typeof column !== 'string' || !sortColumns.has(column) || (order !== 'asc' && order !== 'desc'))
    throw errors.invalidRequest('body/sortBy must be a supported column and order');
  const limit = typeof body.limit === 'number' && body.limit > 0 ? Math.floor(body.limit) : 100;
  const offset = typeof body.offset === 'number' && body.offset > 0 ? Math.floor(body.offset) : 0;
  checkKeyPart(body.prefix);
  const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
  const level = prefix ? prefix.split('/').length : 1;
  const search = typeof body.search === 'string' ? checkKeyPart(body.search) : '';
  const rows = await asCaller(
    env.ctx,
    request,
    caller,
    async (tx) =>
      (
        await tx.query(
          `with matched as (
             select * from storage.objects where bucket_id = $1 and name ilike $2 escape '\\'
           ), entries as (
             select distinct path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
                    null::timestamptz as created_at, null::timestamptz as last_accessed_at,
                    null::jsonb as metadata, null::jsonb as user_metadata, 0 as kind
               from matched where array_length(path_tokens, 1) > $3
             union all
             select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, user_metadata, 1
               from matched where array_length(path_tokens, 1) = $3
           )
           select name, id, updated_at, created_at, last_accessed_at, metadata, user_metadata from entries
           order by kind, case when kind = 0 then name end ${order}, ${column} ${order}, name
           limit $4 offset $5`,
          [bucket, `${escapeLike(prefix + search)}%`, level, limit, offset],
        )
      ).rows,
    true,
  );
  sendJson(request.res, 200, rows.map(isoRow));
}
