import type { Queryable } from '../../db/types.ts';
import { columnsSql, constraintsSql, relationsSql, routinesSql } from './queries.ts';
import { loadSettings } from './settings.ts';
import {
  qualified,
  type Column,
  type ComputedRelationship,
  type Relation,
  type Routine,
  type SchemaCache,
} from './types.ts';
import { viewForeignKeys } from './views.ts';

interface RoutineRow {
  schema: string;
  name: string;
  volatility: Routine['volatility'];
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  return_oid: string | number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  defaults: number;
  rows: number;
  arg_relids: (string | number)[];
}

function shapeFromColumns(schema: string, name: string, columns: Column[]): Relation {
  return {
    oid: 0,
    schema,
    name,
    kind: 'c',
    columns,
    columnMap: new Map(columns.map((c) => [c.name, c])),
    primaryKey: [],
    uniques: [],
  };
}

function toRoutine(row: RoutineRow, byOid: Map<number, Relation>): Routine {
  const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i');
  const inputs = modes.flatMap((mode, i) => (['i', 'b', 'v'].includes(mode) ? [i] : []));
  const outputs = modes.flatMap((mode, i) => (['o', 'b', 't'].includes(mode) ? [i] : []));
  const firstDefault = inputs.length - row.defaults;
  const params = inputs.map((index, position) => ({
    name: row.arg_names[index] ?? '',
    type: row.arg_types[index] ?? 'unknown',
    hasDefault: position >= firstDefault,
  }));
  let shape: Relation | null = byOid.get(Number(row.return_oid)) ?? null;
  // Named outputs (OUT/INOUT parameters, TABLE columns) make rows of those names, even when there is
  // only one and Postgres reports its plain type as the return type, as PostgREST answers them.
  if (!shape && outputs.length > 0) {
    const columns = outputs.map((i) => ({
      name: row.arg_names[i] ?? `column${i}`,
      type: row.arg_types[i] ?? 'unknown',
      notNull: false,
      hasDefault: false,
      generated: false,
    }));
    shape = shapeFromColumns(row.schema, row.name, columns);
  }
  const returns = row.return_type === 'void' ? 'void' : shape ? 'composite' : 'scalar';
  return {
    schema: row.schema,
    name: row.name,
    volatility: row.volatility,
    returnsSet: row.returns_set,
    returnType: row.return_type,
    returns,
    shape,
    params,
  };
}

/** Reads tables, views, columns, keys and functions of the exposed schemas from pg_catalog. */
export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const rels = await db.query<{ oid: string; schema: string; name: string; kind: string }>(relationsSql, [
    schemas,
  ]);
  const byOid = new Map<number, Relation>();
  const relations = new Map<string, Relation>();
  for (const row of rels.rows) {
    const relation = shapeFromColumns(row.schema, row.name, []);
    Object.assign(relation, { oid: Number(row.oid), kind: row.kind });
    byOid.set(relation.oid, relation);
    if (row.kind !== 'c') relations.set(qualified(row.schema, row.name), relation);
  }
  const cols = await db.query<{ oid: string; name: string; type: string } & Record<string, boolean>>(
    columnsSql,
    [schemas],
  );
  for (const row of cols.rows) {
    const relation = byOid.get(Number(row.oid));
    if (!relation) continue;
    const column = {
      name: row.name,
      type: row.type,
      notNull: row['not_null']!,
      hasDefault: row['has_default']!,
      generated: row['generated']!,
    };
    relation.columns.push(column);
    relation.columnMap.set(column.name, column);
  }
  const foreignKeys: SchemaCache['foreignKeys'] = [];
  const cons = await db.query<{
    name: string;
    type: string;
    oid: string;
    ref_oid: string;
    columns: string[];
    ref_columns: string[];
  }>(constraintsSql, [schemas]);
  for (const row of cons.rows) {
    const from = byOid.get(Number(row.oid));
    if (!from) continue;
    if (row.type === 'p') from.primaryKey = row.columns;
    if (row.type === 'p' || row.type === 'u') from.uniques.push(row.columns);
    const to = byOid.get(Number(row.ref_oid));
    if (row.type === 'f' && to)
      foreignKeys.push({ name: row.name, from, columns: row.columns, to, refColumns: row.ref_columns });
  }
  foreignKeys.push(...(await viewForeignKeys(db, schemas, byOid, foreignKeys)));
  const routines = new Map<string, Routine[]>();
  const computed: ComputedRelationship[] = [];
  for (const row of (await db.query<RoutineRow>(routinesSql, [schemas])).rows) {
    const routine = toRoutine(row, byOid);
    const key = qualified(routine.schema, routine.name);
    routines.set(key, [...(routines.get(key) ?? []), routine]);
    const relationship = computedRelationship(row, routine, byOid);
    if (relationship) computed.push(relationship);
  }
  return { relations, foreignKeys, routines, computed, settings: await loadSettings(db) };
}

/** A function of one table-row argument returning rows of a table or view (PostgREST's computed relationship). */
function computedRelationship(
  row: RoutineRow,
  routine: Routine,
  byOid: Map<number, Relation>,
): ComputedRelationship | null {
  if (row.arg_relids.length !== 1 || routine.params.length !== 1) return null;
  const source = byOid.get(Number(row.arg_relids[0]));
  const target = routine.shape;
  if (!source || source.kind === 'c' || !target || target.kind === 'c') return null;
  return { routine, source, target, toOne: !routine.returnsSet || row.rows === 1 };
}
