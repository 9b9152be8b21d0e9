import type { Relation } from '../schema/types.ts';
import { ident, qualifiedIdent } from './params.ts';

export interface Conflict {
  target: string[];
  action: 'merge' | 'ignore';
}

/** RETURNING for a representation; upserts also tell inserted rows from updated ones (xmax is 0 on insert). */
export function returningSql(relation: Relation, upsert: boolean): string {
  const alias = ident(relation.name);
  return ` returning ${alias}.*${upsert ? `, (${alias}.xmax::text = '0') as "pgrst_inserted"` : ''}`;
}

/** INSERT … SELECT from the JSON payload (bound as one parameter), with ON CONFLICT for upserts. */
export function insertSql(
  relation: Relation,
  columns: string[],
  payload: string,
  conflict: Conflict | null,
): string {
  const table = qualifiedIdent(relation.schema, relation.name);
  const alias = ident(relation.name);
  if (columns.length === 0) return `insert into ${table} as ${alias} default values`;
  const cols = columns.map(ident).join(', ');
  let sql = `insert into ${table} as ${alias} (${cols}) select ${cols} from json_populate_recordset(null::${table}, ${payload}::json)`;
  if (conflict && conflict.target.length) {
    const target = conflict.target.map(ident).join(', ');
    const updates = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ');
    sql +=
      conflict.action === 'merge'
        ? ` on conflict (${target}) do update set ${updates}`
        : ` on conflict (${target}) do nothing`;
  }
  return sql;
}

export function updateSql(relation: Relation, columns: string[], payload: string, where: string[]): string {
  const table = qualifiedIdent(relation.schema, relation.name);
  const sets = columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
  return `update ${table} as ${ident(relation.name)} set ${sets} from json_populate_record(null::${table}, ${payload}::json) as "pgrst_body"${where.length ? ` where ${where.join(' and ')}` : ''}`;
}

export function deleteSql(relation: Relation, where: string[]): string {
  const table = qualifiedIdent(relation.schema, relation.name);
  return `delete from ${table} as ${ident(relation.name)}${where.length ? ` where ${where.join(' and ')}` : ''}`;
}
