import type { Field } from '../parse/field.ts';
import type { Condition, Filter } from '../parse/filter.ts';
import type { Params } from './params.ts';

const operators: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
  isdistinct: 'is distinct from',
};
const tsQueries: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const isValues: Record<string, string> = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
};

/** How a level resolves the names its conditions use. */
export interface ConditionScope {
  /** SQL and declared type of a column (with its JSON path) of this level. */
  column(field: Field): { sql: string; type: string | null };
  /** For `rel=is.null` / `rel=not.is.null`: the test on an embedded resource, or null when `name` is no embed. */
  embedNull?(name: string, isNull: boolean): string | null;
}

function textSearch(filter: Filter, column: { sql: string; type: string | null }, params: Params): string {
  const config = filter.config === null ? '' : `${params.add(filter.config)}::regconfig, `;
  const vector = column.type === 'tsvector' ? column.sql : `to_tsvector(${config}${column.sql})`;
  return `${vector} @@ ${tsQueries[filter.op]}(${config}${params.add(filter.value)})`;
}

function filterSql(filter: Filter, scope: ConditionScope, params: Params): string {
  if (filter.op === 'is' && filter.field.path.length === 0 && scope.embedNull) {
    const value = filter.value.toLowerCase();
    const embed =
      value === 'null' || value === 'not_null' ? scope.embedNull(filter.field.name, value === 'null') : null;
    if (embed) return embed;
  }
  const column = scope.column(filter.field);
  if (filter.op === 'is') return `${column.sql} ${isValues[filter.value.toLowerCase()]}`;
  if (filter.op === 'in') {
    return filter.list.length
      ? `${column.sql} in (${filter.list.map((v) => params.add(v)).join(', ')})`
      : 'false';
  }
  if (filter.op in tsQueries) return textSearch(filter, column, params);
  const isLike = filter.op === 'like' || filter.op === 'ilike';
  const value = isLike ? filter.value.replaceAll('*', '%') : filter.value;
  if (filter.quantifier)
    return `${column.sql} ${operators[filter.op]} ${filter.quantifier}(${params.add(value)})`;
  return `${column.sql} ${operators[filter.op]} ${params.add(value)}`;
}

/** Compiles a filter or an and/or tree to a SQL boolean expression with bound values. */
export function conditionSql(condition: Condition, scope: ConditionScope, params: Params): string {
  let sql: string;
  if (condition.kind === 'filter') sql = filterSql(condition, scope, params);
  else {
    const parts = condition.children.map((child) => conditionSql(child, scope, params));
    sql = parts.length ? `(${parts.join(` ${condition.op} `)})` : 'true';
  }
  return condition.negate ? `not (${sql})` : sql;
}
