import type { EmbedItem } from '../parse/select.ts';
import { findRelationship, type Relationship } from '../schema/relationships.ts';
import { ident, qualifiedIdent } from './params.ts';
import { buildLevel, nextAlias, type LevelSource, type ReadContext } from './read.ts';

export interface EmbedJoin {
  /** The names the request may use for it: alias and resource name. */
  names: string[];
  join: string;
  outputs: { sql: string; name: string }[];
  toOne: boolean;
  /** For to-one embeds, the embedded row as JSON (for related ordering). */
  rowJson: string;
  inner: boolean;
  nullTest(isNull: boolean): string;
}

const on = (pairs: [string, string][]) => pairs.map(([a, b]) => `${a} = ${b}`).join(' and ');

function linkTo(rel: Relationship, parentAlias: string, childAlias: string, ctx: ReadContext) {
  const [p, c] = [ident(parentAlias), ident(childAlias)];
  if (!rel.junction) {
    return { joins: [], where: [on(rel.pairs.map(([s, t]) => [`${c}.${ident(t)}`, `${p}.${ident(s)}`]))] };
  }
  const { relation, toSource, toTarget } = rel.junction;
  const j = ident(nextAlias(ctx, relation.name));
  const targetPairs = toTarget.columns.map((col, i): [string, string] => [
    `${j}.${ident(col)}`,
    `${c}.${ident(toTarget.refColumns[i]!)}`,
  ]);
  const sourcePairs = toSource.columns.map((col, i): [string, string] => [
    `${j}.${ident(col)}`,
    `${p}.${ident(toSource.refColumns[i]!)}`,
  ]);
  return {
    joins: [`join ${qualifiedIdent(relation.schema, relation.name)} as ${j} on ${on(targetPairs)}`],
    where: [on(sourcePairs)],
  };
}

/** Joins an embedded resource laterally: an object (to-one), an array (to-many) or spread columns. */
export function embedJoin(parent: LevelSource, item: EmbedItem, ctx: ReadContext): EmbedJoin {
  const rel = findRelationship(ctx.cache, parent.relation, item.target, item.hint);
  const name = item.alias ?? item.target;
  const names = [...new Set([name, item.target])];
  const childAlias = nextAlias(ctx, rel.target.name);
  const link = rel.computed ? { joins: [], where: [] } : linkTo(rel, parent.alias, childAlias, ctx);
  const prefix = parent.isRoot ? '' : `${parent.paths[0]}.`;
  const fn = rel.computed?.routine;
  const child = buildLevel(
    {
      relation: rel.target,
      from: fn
        ? `${qualifiedIdent(fn.schema, fn.name)}(${ident(parent.alias)})`
        : qualifiedIdent(rel.target.schema, rel.target.name),
      alias: childAlias,
      items: item.items,
      paths: names.map((n) => prefix + n),
      joins: link.joins,
      where: link.where,
      isRoot: false,
    },
    ctx,
  );
  const agg = ident(`${childAlias}_agg`);
  const toOne = rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
  const shown = item.items.length > 0;
  const base = { names, toOne, inner: item.join === 'inner' };
  if (item.spread && !toOne) {
    // PostgREST v13+: each column of a to-many spread becomes an array of the related rows' values.
    const arrays = child.names.map((n) => `coalesce(json_agg("s".${ident(n)}), '[]') as ${ident(n)}`);
    return {
      ...base,
      join: `left join lateral (select count(*) as "pgrst_n"${arrays.map((a) => `, ${a}`).join('')} from (${child.sql}) as "s") as ${agg} on true`,
      outputs: child.names.map((n) => ({ sql: `${agg}.${ident(n)}`, name: n })),
      rowJson: `row_to_json(${agg})`,
      nullTest: (isNull) => `${agg}."pgrst_n" ${isNull ? '=' : '>'} 0`,
    };
  }
  if (item.spread) {
    return {
      ...base,
      join: `left join lateral (select true as "pgrst_found", "s".* from (${child.sql}) as "s") as ${agg} on true`,
      outputs: child.names.map((n) => ({ sql: `${agg}.${ident(n)}`, name: n })),
      rowJson: `row_to_json(${agg})`,
      nullTest: (isNull) => `${agg}."pgrst_found" is ${isNull ? '' : 'not '}null`,
    };
  }
  if (toOne) {
    return {
      ...base,
      join: `left join lateral (select row_to_json("s") as "body" from (${child.sql}) as "s") as ${agg} on true`,
      outputs: shown ? [{ sql: `${agg}."body"`, name }] : [],
      rowJson: `${agg}."body"`,
      nullTest: (isNull) => `${agg}."body" is ${isNull ? '' : 'not '}null`,
    };
  }
  return {
    ...base,
    join: `left join lateral (select coalesce(json_agg("s"), '[]') as "body", count(*) as "n" from (${child.sql}) as "s") as ${agg} on true`,
    outputs: shown ? [{ sql: `${agg}."body"`, name }] : [],
    rowJson: `${agg}."body"`,
    nullTest: (isNull) => `${agg}."n" ${isNull ? '=' : '>'} 0`,
  };
}
