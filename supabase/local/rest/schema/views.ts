import type { Queryable } from '../../db/types.ts';
import { viewColumnsSql } from './queries.ts';
import type { ForeignKey, Relation } from './types.ts';

/** For each table, the views over it and which of its columns each view shows under the same name. */
async function viewsByTable(
  db: Queryable,
  schemas: string[],
  byOid: Map<number, Relation>,
): Promise<Map<Relation, Map<Relation, Set<string>>>> {
  const { rows } = await db.query<{ view_oid: string; table_oid: string; column: string }>(viewColumnsSql, [
    schemas,
  ]);
  const byTable = new Map<Relation, Map<Relation, Set<string>>>();
  for (const row of rows) {
    const view = byOid.get(Number(row.view_oid));
    const table = byOid.get(Number(row.table_oid));
    if (!view || !table || !view.columnMap.has(row.column)) continue;
    const views = byTable.get(table) ?? new Map<Relation, Set<string>>();
    byTable.set(table, views);
    views.set(view, (views.get(view) ?? new Set()).add(row.column));
  }
  return byTable;
}

/**
 * The foreign keys of tables carried over to the views that show their columns, so views embed like
 * their tables do (PostgREST follows view columns back to table columns the same way). A view column
 * counts when it keeps the table column's name; renamed columns are not followed.
 */
export async function viewForeignKeys(
  db: Queryable,
  schemas: string[],
  byOid: Map<number, Relation>,
  foreignKeys: ForeignKey[],
): Promise<ForeignKey[]> {
  const byTable = await viewsByTable(db, schemas, byOid);
  const showing = (table: Relation, columns: string[]) => [
    table,
    ...[...(byTable.get(table) ?? [])].flatMap(([view, shown]) =>
      columns.every((c) => shown.has(c)) ? [view] : [],
    ),
  ];
  const derived: ForeignKey[] = [];
  for (const fk of foreignKeys) {
    for (const from of showing(fk.from, fk.columns)) {
      for (const to of showing(fk.to, fk.refColumns)) {
        if (from !== fk.from || to !== fk.to) derived.push({ ...fk, from, to });
      }
    }
  }
  return derived;
}
