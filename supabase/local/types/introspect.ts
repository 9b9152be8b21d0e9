import type { Queryable } from '../db/types.ts';

/** A Postgres type as the generator needs it: enough to name it in TypeScript. */
export interface PgType {
  oid: number;
  schema: string;
  name: string;
  /** `b` base, `c` composite, `d` domain, `e` enum, `p` pseudo, `r` range. */
  kind: string;
  /** The element type of an array, else 0. */
  elem: number;
  /** The base type of a domain, else 0. */
  base: number;
  /** The relation a composite type is the row of, else 0. */
  relid: number;
  enumValues: string[];
}

export interface PgColumn {
  name: string;
  type: number;
  notNull: boolean;
  hasDefault: boolean;
  /** `a` always, `d` by default, '' none. */
  identity: string;
  generated: boolean;
}

export interface PgRelation {
  oid: number;
  schema: string;
  name: string;
  /** `r`/`p` table, `v`/`m` view, `f` foreign table, `c` composite type. */
  kind: string;
  insertable: boolean;
  updatable: boolean;
  columns: PgColumn[];
}

export interface PgForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  oneToOne: boolean;
  referencedSchema: string;
  referencedTable: string;
  referencedColumns: string[];
}

export interface PgFunction {
  schema: string;
  name: string;
  /** Input arguments in order; `optional` when a default covers it. */
  args: { name: string; type: number; optional: boolean }[];
  /** OUT and TABLE columns, when the function declares them. */
  outColumns: { name: string; type: number }[];
  returns: number;
  setof: boolean;
}

export interface Catalog {
  schemas: string[];
  types: Map<number, PgType>;
  relations: PgRelation[];
  foreignKeys: PgForeignKey[];
  functions: PgFunction[];
}

const typesSql = `
  select t.oid::int as oid, n.nspname as schema, t.typname as name, t.typtype as kind,
         t.typelem::int as elem, t.typbasetype::int as base, t.typrelid::int as relid,
         coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder)
                   from pg_enum e where e.enumtypid = t.oid), '{}') as "enumValues"
  from pg_type t join pg_namespace n on n.oid = t.typnamespace`;

const relationsSql = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind as kind,
         (pg_relation_is_updatable(c.oid, false) & 8) = 8 as insertable,
         (pg_relation_is_updatable(c.oid, false) & 4) = 4 as updatable,
         coalesce((select json_agg(json_build_object(
                    'name', a.attname, 'type', a.atttypid::int, 'notNull', a.attnotnull,
                    'hasDefault', a.atthasdef, 'identity', a.attidentity,
                    'generated', a.attgenerated <> '') order by a.attname)
                   from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')`;

const foreignKeysSql = `
  select k.conname as name, n.nspname as schema, c.relname as "table",
         array(select a.attname::text from unnest(k.conkey) with ordinality u(num, i)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num order by u.i) as columns,
         exists(select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                and u.conkey::int2[] @> k.conkey::int2[] and u.conkey::int2[] <@ k.conkey::int2[]) as "oneToOne",
         rn.nspname as "referencedSchema", rc.relname as "referencedTable",
         array(select a.attname::text from unnest(k.confkey) with ordinality u(num, i)
               join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num order by u.i)
           as "referencedColumns"
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
  join pg_class rc on rc.oid = k.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
  where k.contype = 'f' and n.nspname = any($1) and rn.nspname = any($1)`;

const functionsSql = `
  select n.nspname as schema, p.proname as name, p.pronargs as nargs, p.pronargdefaults as ndefaults,
         coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as types,
         coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])) as modes,
         coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes::int[], p.proargtypes::int[]))])) as names,
         p.prorettype::int as returns, p.proretset as setof
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = any($1) and p.prokind = 'f'
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;

interface FunctionRow {
  schema: string;
  name: string;
  nargs: number;
  ndefaults: number;
  types: number[];
  modes: string[];
  names: string[];
  returns: number;
  setof: boolean;
}

/** Input arguments keep their order; the last `ndefaults` of them have defaults. */
function toFunction(row: FunctionRow): PgFunction | null {
  const args: PgFunction['args'] = [];
  const outColumns: PgFunction['outColumns'] = [];
  row.types.forEach((type, i) => {
    const mode = row.modes[i] ?? 'i';
    const name = row.names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, optional: false });
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push({ name, type });
  });
  args.forEach((arg, i) => (arg.optional = i >= args.length - row.ndefaults));
  // PostgREST calls functions with named arguments only; unnamed ones cannot be typed by name.
  if (args.some((arg) => arg.name === '')) return null;
  return { schema: row.schema, name: row.name, args, outColumns, returns: row.returns, setof: row.setof };
}

/** Reads what the types of the given schemas depend on from the database's catalog. */
export async function readCatalog(db: Queryable, schemas: string[]): Promise<Catalog> {
  const types = await db.query<PgType>(typesSql);
  const relations = await db.query<PgRelation>(relationsSql, [schemas]);
  const foreignKeys = await db.query<PgForeignKey>(foreignKeysSql, [schemas]);
  const functions = await db.query<FunctionRow>(functionsSql, [schemas]);
  return {
    schemas,
    types: new Map(types.rows.map((t) => [t.oid, t])),
    relations: relations.rows,
    foreignKeys: foreignKeys.rows,
    functions: functions.rows.flatMap((row) => toFunction(row) ?? []),
  };
}
