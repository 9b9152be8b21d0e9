import type { Queryable } from '../../db/types.ts';
import { RestError } from '../errors.ts';
import type { Media } from '../media.ts';
import type { Level, QueryOptions } from '../parse/query.ts';
import type { Preferences } from '../prefer.ts';
import type { SchemaCache } from '../schema/types.ts';
import { Params } from '../sql/params.ts';
import type { ReadContext } from '../sql/read.ts';
import { contentRange, type StatementRow } from '../sql/statement.ts';

export function readContext(cache: SchemaCache, query: QueryOptions, maxRows: number | null): ReadContext {
  return {
    cache,
    levels: query.levels,
    params: new Params(),
    usedLevels: new Set(),
    aliases: new Map(),
    maxRows,
  };
}

/** Filters, order or limits given for a resource the select does not embed → 400 PGRST108. */
export function checkLevelsUsed(ctx: ReadContext): void {
  for (const [path, level] of ctx.levels) {
    if (path === '' || ctx.usedLevels.has(path)) continue;
    if (level.conditions.length || level.order.length || level.limit !== null || level.offset !== null) {
      throw new RestError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, {
        hint: `Verify that '${path}' is included in the 'select' query parameter.`,
      });
    }
  }
}

/** Applies a `Range: 0-9` request header to the root level unless limit/offset were given. */
export function applyRangeHeader(rangeHeader: string | undefined, root: Level): void {
  const match = /^(\d+)-(\d*)$/.exec(rangeHeader?.replace(/^items=/, '').trim() ?? '');
  if (!match) return;
  const lower = Number(match[1]);
  if (root.offset === null) root.offset = lower;
  if (match[2] && root.limit === null) {
    const upper = Number(match[2]);
    if (upper < lower) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
        details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      });
    }
    root.limit = upper - lower + 1;
  }
}

/** The planner's row estimate for `count=planned` / `count=estimated`. */
export async function plannedCount(tx: Queryable, countSql: string, params: unknown[]): Promise<number> {
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${countSql}`, params);
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'];
}

/** The total to report for a Prefer count, given the exact count the statement computed. */
export async function totalFor(
  prefs: Preferences,
  tx: Queryable,
  row: StatementRow,
  countSql: string,
  params: unknown[],
  maxRows: number,
): Promise<number | null> {
  if (prefs.count === 'planned') return plannedCount(tx, countSql, params);
  if (prefs.count === 'estimated' && row.total !== null && row.total > maxRows) {
    return Math.max(row.total, await plannedCount(tx, countSql, params));
  }
  return row.total;
}

/** Status and Content-Range of a read: 200, 206 when partial, 416 when the offset passes the total. */
export function rangeStatus(
  offset: number,
  rows: number,
  total: number | null,
): { status: number; range: string } {
  const range = contentRange(offset, offset + rows - 1, total);
  if (total === null) return { status: 200, range };
  if (offset > total) return { status: 416, range };
  return { status: rows < total ? 206 : 200, range };
}

export function singularity(media: Media, rows: number): void {
  if (media.kind === 'object' && rows !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', {
      details: `The result contains ${rows} rows`,
    });
  }
}

export function outOfRange(offset: number, total: number): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
    details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
  });
}
