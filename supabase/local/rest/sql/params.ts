import type { Field } from '../parse/field.ts';

/** Collects bound values; every value from the request reaches Postgres as a parameter, never as SQL text. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A string constant for text that is part of the query's shape (JSON keys), with quotes doubled. */
export const literal = (text: string) => `'${text.replaceAll('\0', '').replaceAll("'", "''")}'`;

export const qualifiedIdent = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** `"alias"."col"` followed by its JSON path; numeric keys index arrays as PostgREST does. */
export function fieldSql(alias: string, field: Field): string {
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.path) {
    sql += step.arrow + (/^-?\d+$/.test(step.key) ? step.key : literal(step.key));
  }
  return field.path.length ? `(${sql})` : sql;
}
