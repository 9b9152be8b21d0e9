import { RestError } from '../errors.ts';
import { defaultName } from '../parse/field.ts';
import { emptyLevel, type Level, type OrderTerm } from '../parse/query.ts';
import type { SelectItem } from '../parse/select.ts';
import { aggregateOf, columnSql, groupBy } from './aggregate.ts';
import type { Relation, SchemaCache } from '../schema/types.ts';
import { conditionSql, type ConditionScope } from './conditions.ts';
import { embedJoin, type EmbedJoin } from './embed.ts';
import { fieldSql, ident, literal, type Params } from './params.ts';

export interface ReadContext {
  cache: SchemaCache;
  levels: Map<string, Level>;
  params: Params;
  usedLevels: Set<string>;
  aliases: Map<string, number>;
  /** The cap on the rows of every level, top and embedded (config [api] max_rows); null for writes. */
  maxRows: number | null;
}

/** One level of a read: the root resource or an embedded one. */
export interface LevelSource {
  relation: Relation;
  /** The FROM item without alias: a table, a function call, or a CTE of written rows. */
  from: string;
  alias: string;
  items: SelectItem[];
  /** Keys of this level in the query string (`cities`, or the alias). */
  paths: string[];
  joins: string[];
  where: string[];
  isRoot: boolean;
}

export interface BuiltLevel {
  /** The page: select list, filters, order, limit and offset. */
  sql: string;
  /** The same rows unpaged, for counting. */
  countSql: string;
  names: string[];
}

export function nextAlias(ctx: ReadContext, base: string): string {
  const n = (ctx.aliases.get(base) ?? 0) + 1;
  ctx.aliases.set(base, n);
  return `${base}_${n}`;
}

function levelOf(source: LevelSource, ctx: ReadContext): Level {
  const merged = emptyLevel();
  for (const path of source.paths) {
    const level = ctx.levels.get(path);
    if (!level) continue;
    ctx.usedLevels.add(path);
    merged.conditions.push(...level.conditions);
    merged.order.push(...level.order);
    merged.limit ??= level.limit;
    merged.offset ??= level.offset;
  }
  return merged;
}

function selectList(
  source: LevelSource,
  embeds: EmbedJoin[],
  ctx: ReadContext,
): { list: string[]; names: string[] } {
  const list: string[] = [];
  const names: string[] = [];
  let embedIndex = 0;
  for (const item of source.items) {
    if (item.kind === 'star') {
      if (source.relation.columns.length === 0) list.push(`${ident(source.alias)}.*`);
      for (const column of source.relation.columns) {
        list.push(`${ident(source.alias)}.${ident(column.name)}`);
        names.push(column.name);
      }
    } else if (item.kind === 'column') {
      const name = item.alias ?? aggregateOf(source, item)?.name ?? defaultName(item.field);
      list.push(`${columnSql(source, item, ctx)} as ${ident(name)}`);
      names.push(name);
    } else {
      for (const output of embeds[embedIndex++]!.outputs) {
        list.push(`${output.sql} as ${ident(output.name)}`);
        names.push(output.name);
      }
    }
  }
  return { list, names };
}

function orderSql(term: OrderTerm, source: LevelSource, embeds: EmbedJoin[]): string {
  let expr: string;
  if (term.relation === null) expr = fieldSql(source.alias, term.field);
  else {
    const embed = embeds.find((e) => e.names.includes(term.relation!));
    if (!embed || !embed.toOne) {
      throw new RestError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, {
        details: `'${source.relation.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      });
    }
    expr = `(${embed.rowJson}::jsonb -> ${literal(term.field.name)})`;
  }
  const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
  return `${expr} ${term.descending ? 'desc' : 'asc'}${nulls}`;
}

function scopeFor(source: LevelSource, embeds: EmbedJoin[]): ConditionScope {
  return {
    column: (field) => ({
      sql: fieldSql(source.alias, field),
      type: field.path.length ? null : (source.relation.columnMap.get(field.name)?.type ?? null),
    }),
    embedNull: (name, isNull) => embeds.find((e) => e.names.includes(name))?.nullTest(isNull) ?? null,
  };
}

/**
 * Two embeds of one level under the same name: PostgREST names each embed's lateral join
 * `<table>_<name>_<depth>`, so Postgres refuses the query with 42712 (PostgREST issue #2529).
 */
function checkEmbedNames(source: LevelSource): void {
  const depth = source.isRoot ? 1 : source.paths[0]!.split('.').length + 1;
  const seen = new Set<string>();
  for (const item of source.items) {
    if (item.kind !== 'embed') continue;
    const name = item.alias ?? item.target;
    if (seen.has(name)) {
      const alias = `${source.relation.name}_${name}_${depth}`;
      throw new RestError(400, '42712', `table name "${alias}" specified more than once`);
    }
    seen.add(name);
  }
}

/** Builds the SQL of one level and, through embedJoin, of every resource embedded in it. */
export function buildLevel(source: LevelSource, ctx: ReadContext): BuiltLevel {
  checkEmbedNames(source);
  const level = levelOf(source, ctx);
  const embeds = source.items.flatMap((item) =>
    item.kind === 'embed' ? [embedJoin(source, item, ctx)] : [],
  );
  const { list, names } = selectList(source, embeds, ctx);
  const groups = groupBy(source, ctx);
  const scope = scopeFor(source, embeds);
  const where = [
    ...source.where,
    ...level.conditions.map((c) => conditionSql(c, scope, ctx.params)),
    ...embeds.flatMap((e) => (e.inner ? [e.nullTest(false)] : [])),
  ];
  const body = [
    `from ${source.from} as ${ident(source.alias)}`,
    ...source.joins,
    ...embeds.map((e) => e.join),
    where.length ? `where ${where.join(' and ')}` : '',
    groups.length ? `group by ${groups.join(', ')}` : '',
  ].join(' ');
  const order = level.order.map((term) => orderSql(term, source, embeds));
  let limit = level.limit;
  // PostgREST caps every node of the read plan, embedded ones included (Plan.hs treeRestrictRange).
  if (ctx.maxRows !== null) limit = Math.min(limit ?? ctx.maxRows, ctx.maxRows);
  const page = [
    order.length ? `order by ${order.join(', ')}` : '',
    limit !== null ? `limit ${limit}` : '',
    level.offset ? `offset ${level.offset}` : '',
  ].join(' ');
  return { sql: `select ${list.join(', ')} ${body} ${page}`, countSql: `select 1 ${body}`, names };
}
