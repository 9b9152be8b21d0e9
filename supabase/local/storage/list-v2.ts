import { sendJson } from '../http/respond.ts';
import { asCaller, identify } from './caller.ts';
import { errors } from './errors.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { readJson } from './list.ts';
import { checkKeyPart } from './names.ts';
import { isoRow } from './rows.ts';

interface ListV2Body {
  prefix?: unknown;
  limit?: unknown;
  cursor?: unknown;
  with_delimiter?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
}

/** Where a page ends: the last name and, for a timestamp sort, that entry's timestamp. */
interface Cursor {
  after: string;
  order: 'asc' | 'desc';
  column: 'name' | 'created_at' | 'updated_at';
  at?: string;
}

const columns = new Set(['name', 'created_at', 'updated_at']);
const maxLimit = 1000;

// The cursor is opaque to clients; Storage encodes `key:value` lines in base64, and so does this.
function encodeCursor(cursor: Cursor): string {
  const lines = [`l:${cursor.after}`, `o:${cursor.order}`, `c:${cursor.column}`];
  if (cursor.at) lines.push(`a:${cursor.at}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const parts: Record<string, string> = {};
  for (const line of Buffer.from(token, 'base64').toString('utf8').split('\n')) {
    const match = /^([loca]):(.*)$/s.exec(line);
    if (!match?.[1]) throw errors.invalidParameter('continuation token');
    parts[match[1]] = match[2] ?? '';
  }
  const order = parts['o'] ?? 'asc';
  const column = parts['c'] ?? 'name';
  if (parts['l'] === undefined || (order !== 'asc' && order !== 'desc') || !columns.has(column))
    throw errors.invalidParameter('continuation token');
  const at = parts['a'];
  if (at !== undefined && Number.isNaN(Date.parse(at))) throw errors.invalidParameter('continuation token');
  return { after: parts['l'], order, column: column as Cursor['column'], ...(at ? { at } : {}) };
}

function readOptions(body: ListV2Body) {
  if (body.prefix !== undefined && typeof body.prefix !== 'string')
    throw errors.invalidRequest('body/prefix must be string');
  if (body.limit !== undefined && (!Number.isInteger(body.limit) || (body.limit as number) < 1))
    throw errors.invalidRequest('body/limit must be >= 1');
  if (body.cursor !== undefined && typeof body.cursor !== 'string')
    throw errors.invalidRequest('body/cursor must be string');
  const column = body.sortBy?.column ?? 'name';
  const order = body.sortBy?.order ?? 'asc';
  if (typeof column !== 'string' || !columns.has(column) || (order !== 'asc' && order !== 'desc'))
    throw errors.invalidRequest('body/sortBy must be a supported column and order');
  const cursor = body.cursor ? decodeCursor(body.cursor) : null;
  return {
    prefix: checkKeyPart(body.prefix ?? ''),
    limit: Math.min((body.limit as number | undefined) ?? maxLimit, maxLimit),
    delimiter: body.with_delimiter === true,
    // A cursor carries the order it was issued for, as Storage's does.
    sort: cursor ?? { after: '', order, column: column as Cursor['column'] },
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Entries below the prefix: every object, or (with the delimiter) one level of it, where the
 * folders are the distinct next segments. Timestamp sorts date a folder by its oldest object, as
 * Storage does. Rows come back in page order with one extra, which tells whether a next page exists.
 */
function entriesSql(delimiter: boolean, column: Cursor['column'], order: Cursor['order']): string {
  const cut = delimiter ? `strpos(substr(name, $3::int + 1), '/')` : '0';
  const sortValue = column === 'name' ? 'null::timestamptz' : `date_trunc('milliseconds', ${column})`;
  const compare = order === 'asc' ? '>' : '<';
  const seek =
    column === 'name'
      ? `name collate "C" ${compare} $4`
      : `(coalesce(sort_value, 'epoch'), name collate "C") ${compare} (coalesce($6::timestamptz, 'epoch'), $4)`;
  return `with matched as (
      select *, ${cut} as cut from storage.objects
       where bucket_id = $1 and name collate "C" like $2 escape '\\'
    ), entries as (
      select left(name, $3::int + cut) as name, null::uuid as id,
             ${column === 'name' ? 'null::timestamptz' : 'min(created_at)'} as updated_at,
             ${column === 'name' ? 'null::timestamptz' : 'min(created_at)'} as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, null::jsonb as user_metadata,
             ${column === 'name' ? 'null::timestamptz' : "date_trunc('milliseconds', min(created_at))"} as sort_value
        from matched where cut > 0 group by 1
      union all
      select name, id, updated_at, created_at, last_accessed_at, metadata, user_metadata, ${sortValue}
        from matched where cut = 0
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata, user_metadata, sort_value
      from entries
     where ($4 = '' or ${seek})
     order by ${column === 'name' ? '' : `coalesce(sort_value, 'epoch') ${order}, `}name collate "C" ${order}
     limit $5`;
}

interface EntryRow {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  sort_value: string | Date | null;
}

/** Storage's `list-v2`: a cursor-paged listing, flat or one level deep, as folders and objects. */
export async function listObjectsV2(env: StorageEnv, request: RouteRequest): Promise<void> {
  const caller = await identify(env.ctx, request);
  const bucket = request.rest[0] ?? '';
  const { prefix, limit, delimiter, sort } = readOptions(await readJson<ListV2Body>(request));
  const rows = await asCaller(
    env.ctx,
    request,
    caller,
    async (tx) =>
      (
        await tx.query<EntryRow>(entriesSql(delimiter, sort.column, sort.order), [
          bucket,
          `${escapeLike(prefix)}%`,
          prefix.length,
          sort.after,
          limit + 1,
          ...(sort.column === 'name' ? [] : [sort.at ?? null]),
        ])
      ).rows,
    true,
  );
  const page = rows.slice(0, limit);
  const level = prefix.split('/').length;
  const folders = [];
  const objects = [];
  for (const { sort_value: _, user_metadata, ...row } of page.map(isoRow)) {
    // The delimited listing comes from Storage's SQL functions, which return user metadata and the
    // last segment as `key`; the flat one selects the object columns without them.
    const entry = delimiter ? { key: row.name.split('/')[level - 1] ?? '', ...row, user_metadata } : row;
    if (row.id === null) folders.push(entry);
    else objects.push(entry);
  }
  const last = rows.length > limit ? page.at(-1) : undefined;
  sendJson(request.res, 200, {
    hasNext: last !== undefined,
    ...(last
      ? {
          nextCursor: encodeCursor({
            ...sort,
            after: last.name,
            ...(last.sort_value ? { at: new Date(last.sort_value).toISOString() } : {}),
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders,
    objects,
  });
}
