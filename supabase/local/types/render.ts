import { helperTypes } from './helper-types.ts';
import type { Catalog, PgColumn, PgFunction, PgRelation } from './introspect.ts';

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'name',
  'char',
  'interval',
  'inet',
  'cidr',
  'macaddr',
]);
const EMPTY = '{ [_ in never]: never }';

/** Code-point order, so the output does not depend on the machine's locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const str = (text: string) => JSON.stringify(text);
const object = (lines: string[]) => (lines.length === 0 ? EMPTY : `{\n${lines.join('\n')}\n}`);

/** The TypeScript of one Postgres type, as PostgREST serialises its values to JSON. */
function tsType(catalog: Catalog, oid: number): string {
  const type = catalog.types.get(oid);
  if (!type) return 'unknown';
  if (type.kind === 'd') return tsType(catalog, type.base);
  if (type.elem !== 0 && type.name.startsWith('_')) {
    const elem = tsType(catalog, type.elem);
    return /[ |]/.test(elem) ? `(${elem})[]` : `${elem}[]`;
  }
  const generated = catalog.schemas.includes(type.schema);
  if (type.kind === 'e') {
    return generated
      ? `Database[${str(type.schema)}]['Enums'][${str(type.name)}]`
      : type.enumValues.map(str).join(' | ');
  }
  if (type.kind === 'c') {
    const relation = catalog.relations.find((r) => r.oid === type.relid);
    if (!relation || !generated) return 'unknown';
    const path = `Database[${str(type.schema)}]`;
    if (relation.kind === 'c') return `${path}['CompositeTypes'][${str(relation.name)}]`;
    const section = relation.kind === 'v' || relation.kind === 'm' ? 'Views' : 'Tables';
    return `${path}['${section}'][${str(relation.name)}]['Row']`;
  }
  if (type.name === 'bool') return 'boolean';
  if (NUMBER.has(type.name)) return 'number';
  if (STRING.has(type.name)) return 'string';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  return 'unknown';
}

const isTable = (r: PgRelation) => r.kind === 'r' || r.kind === 'p' || r.kind === 'f';
const isView = (r: PgRelation) => r.kind === 'v' || r.kind === 'm';

function columnLines(catalog: Catalog, relation: PgRelation, mode: 'Row' | 'Insert' | 'Update') {
  return relation.columns.map((column: PgColumn) => {
    const type = tsType(catalog, column.type) + (column.notNull ? '' : ' | null');
    if (mode === 'Row') return `${key(column.name)}: ${type}`;
    if (column.generated || column.identity === 'a') return `${key(column.name)}?: never`;
    const optional = mode === 'Update' || !column.notNull || column.hasDefault || column.identity === 'd';
    return `${key(column.name)}${optional ? '?' : ''}: ${type}`;
  });
}

function relationships(catalog: Catalog, relation: PgRelation): string {
  const keys = catalog.foreignKeys
    .filter((fk) => fk.schema === relation.schema && fk.table === relation.name)
    .filter((fk) => fk.referencedSchema === relation.schema)
    .sort((a, b) => byText(a.name, b.name) || byText(a.referencedTable, b.referencedTable));
  const items = keys.map(
    (fk) => `{
      foreignKeyName: ${str(fk.name)}
      columns: [${fk.columns.map(str).join(', ')}]
      isOneToOne: ${String(fk.oneToOne)}
      referencedRelation: ${str(fk.referencedTable)}
      referencedColumns: [${fk.referencedColumns.map(str).join(', ')}]
    }`,
  );
  return `[${items.join(', ')}]`;
}

function relationType(catalog: Catalog, relation: PgRelation): string {
  const parts = [`Row: ${object(columnLines(catalog, relation, 'Row'))}`];
  if (isTable(relation) || relation.insertable)
    parts.push(`Insert: ${object(columnLines(catalog, relation, 'Insert'))}`);
  if (isTable(relation) || relation.updatable)
    parts.push(`Update: ${object(columnLines(catalog, relation, 'Update'))}`);
  parts.push(`Relationships: ${relationships(catalog, relation)}`);
  return `{\n${parts.join('\n')}\n}`;
}

function functionType(catalog: Catalog, fn: PgFunction): string {
  const args = fn.args
    .map((a) => `${key(a.name)}${a.optional ? '?' : ''}: ${tsType(catalog, a.type)}`)
    .sort(byText);
  const many = fn.setof ? '[]' : '';
  let returns: string;
  if (fn.outColumns.length > 0) {
    const columns = fn.outColumns.map((c) => `${key(c.name)}: ${tsType(catalog, c.type)}`).sort(byText);
    returns = `${object(columns)}${many}`;
  } else {
    const single = tsType(catalog, fn.returns);
    returns = fn.setof && /[ |]/.test(single) ? `(${single})[]` : `${single}${many}`;
  }
  return `{\nArgs: ${args.length > 0 ? object(args) : 'never'}\nReturns: ${returns}\n}`;
}

function schemaType(catalog: Catalog, schema: string): string {
  const relations = catalog.relations
    .filter((r) => r.schema === schema)
    .sort((a, b) => byText(a.name, b.name));
  const named = (rs: PgRelation[]) => rs.map((r) => `${key(r.name)}: ${relationType(catalog, r)}`);
  const overloads = new Map<string, string[]>();
  for (const fn of catalog.functions.filter((f) => f.schema === schema)) {
    overloads.set(fn.name, [...(overloads.get(fn.name) ?? []), functionType(catalog, fn)]);
  }
  const functions = [...overloads.keys()]
    .sort(byText)
    .map((name) => `${key(name)}: ${[...new Set(overloads.get(name))].sort(byText).join(' | ')}`);
  const enums = [...catalog.types.values()]
    .filter((t) => t.schema === schema && t.kind === 'e')
    .sort((a, b) => byText(a.name, b.name));
  const composites = relations
    .filter((r) => r.kind === 'c')
    .map((r) => `${key(r.name)}: ${object(columnLines(catalog, r, 'Row'))}`);
  return `{
    Tables: ${object(named(relations.filter(isTable)))}
    Views: ${object(named(relations.filter(isView)))}
    Functions: ${object(functions)}
    Enums: ${object(enums.map((e) => `${key(e.name)}: ${e.enumValues.map(str).join(' | ') || 'never'}`))}
    CompositeTypes: ${object(composites)}
  }`;
}

function constants(catalog: Catalog): string {
  const schemas = catalog.schemas.map((schema) => {
    const enums = [...catalog.types.values()]
      .filter((t) => t.schema === schema && t.kind === 'e')
      .sort((a, b) => byText(a.name, b.name))
      .map((e) => `${key(e.name)}: [${e.enumValues.map(str).join(', ')}]`);
    return `${key(schema)}: { Enums: {${enums.join(', ')}} }`;
  });
  return `export const Constants = {${schemas.join(', ')}} as const`;
}

/**
 * The `Database` type of the catalog's schemas and its helpers, in the shape of the Supabase CLI's
 * `gen types typescript` (unformatted). `postgrestVersion` lets supabase-js enable what the
 * server's PostgREST supports.
 */
export function renderTypes(catalog: Catalog, postgrestVersion: string): string {
  const schemas = catalog.schemas.map((s) => `${key(s)}: ${schemaType(catalog, s)}`);
  return `// Generated by \`npm run types\` from supabase/migrations. Do not edit: change the schema and regenerate.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  __InternalSupabase: { PostgrestVersion: ${str(postgrestVersion)} }
  ${schemas.join('\n')}
}
${helperTypes}
${constants(catalog)}
`;
}
