import { RestError } from '../errors.ts';
import type { ColumnItem } from '../parse/select.ts';
import { fieldSql } from './params.ts';
import type { LevelSource, ReadContext } from './read.ts';

/** The aggregate an item applies; a bare `count` is the column when the resource has one of that name. */
export function aggregateOf(source: LevelSource, item: ColumnItem): ColumnItem['aggregate'] {
  if (item.aggregate?.legacy && source.relation.columnMap.has(item.field.name)) return null;
  return item.aggregate;
}

/** `sum(col)`, `count(*)`…, refused with 400 PGRST123 unless db-aggregates-enabled (bare `count` is not). */
export function columnSql(source: LevelSource, item: ColumnItem, ctx: ReadContext): string {
  const aggregate = aggregateOf(source, item);
  const star = item.field.name === '' || aggregate?.legacy;
  const expr = star ? '*' : fieldSql(source.alias, item.field);
  const input = item.cast ? `(${expr})::${item.cast}` : expr;
  if (!aggregate) return input;
  if (!ctx.cache.settings.aggregates && !aggregate.legacy)
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  const call = `${aggregate.name}(${input})`;
  return aggregate.cast ? `(${call})::${aggregate.cast}` : call;
}

/** The columns an aggregating level groups by: every selected column that is not aggregated. */
export function groupBy(source: LevelSource, ctx: ReadContext): string[] {
  const columns = source.items.filter((item): item is ColumnItem => item.kind === 'column');
  if (!columns.some((item) => aggregateOf(source, item))) return [];
  return columns.filter((item) => !aggregateOf(source, item)).map((item) => columnSql(source, item, ctx));
}
