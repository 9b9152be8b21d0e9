import { limits } from '../../limits.ts';
import { RestError } from '../errors.ts';
import type { Media } from '../media.ts';
import type { BuiltLevel } from './read.ts';

function bodySql(media: Media, headOnly: boolean): string {
  if (headOnly) return `''`;
  const strip = (sql: string) => (media.stripNulls ? `json_strip_nulls(${sql})` : sql);
  if (media.kind === 'object') return `coalesce((${strip(`json_agg("_r") -> 0`)})::text, 'null')`;
  if (media.kind === 'csv') {
    return `(select coalesce(string_agg("k", ','), '') from json_object_keys((select row_to_json("h") from "pgrst_page" as "h" limit 1)) as "k")
      || chr(10) || coalesce(string_agg(substring("_r"::text, 2, length("_r"::text) - 2), chr(10)), '')`;
  }
  return `coalesce(${strip(`json_agg("_r")`)}, '[]')::text`;
}

export interface StatementRow {
  total: number | null;
  page_total: number;
  /** Null when the body is over limits.responseBytes: it stays in the database. */
  body: string | null;
  body_bytes: number | null;
  inserted: number | null;
}

/**
 * The final select over a `"pgrst_result"` relation (total, page_total, body, inserted): the body is
 * measured in the database and left there when it is over limits.responseBytes.
 */
export const boundedResult = `select "total", "page_total", "inserted", octet_length("body") as "body_bytes",
    case when octet_length("body") <= ${limits.responseBytes} then "body" end as "body"
  from "pgrst_result"`;

/** The body of a statement's row; 400 PGRSTX02 (the stack's own) when it was too large to send. */
export function bodyOf(row: StatementRow): string {
  if (row.body !== null || row.body_bytes === null) return row.body ?? '';
  throw new RestError(400, 'PGRSTX02', `The response would be larger than ${limits.responseBytes} bytes`, {
    details: `${row.body_bytes} bytes`,
    hint: 'Select fewer columns or embeddings, add filters, or page with limit and offset',
  });
}

/**
 * Wraps a built level into one statement returning the counted total (optional), the page size and the
 * body rendered by Postgres itself; `with` adds a data-modifying CTE (`pgrst_mutation`) for writes.
 */
export function pageStatement(
  built: BuiltLevel,
  options: { media: Media; count: boolean; headOnly?: boolean; mutation?: string; upsert?: boolean },
): string {
  const ctes = [
    options.mutation ? `"pgrst_mutation" as (${options.mutation})` : '',
    `"pgrst_page" as (${built.sql})`,
  ];
  const total = options.count ? `(select count(*) from (${built.countSql}) as "c")::int` : 'null::int';
  const inserted = options.upsert
    ? `(select count(*) from "pgrst_mutation" where "pgrst_inserted")::int`
    : 'null::int';
  return `with ${ctes.filter(Boolean).join(', ')}, "pgrst_result" as (
    select ${total} as "total", count(*)::int as "page_total", ${bodySql(options.media, options.headOnly ?? false)} as "body",
           ${inserted} as "inserted"
    from "pgrst_page" as "_r")
  ${boundedResult}`;
}

/** PostgREST's Content-Range: `<first>-<last>/<total|*>`, `*` for the range when nothing is in it. */
export function contentRange(first: number, last: number, total: number | null): string {
  const range = total !== 0 && first <= last ? `${first}-${last}` : '*';
  return `${range}/${total ?? '*'}`;
}
