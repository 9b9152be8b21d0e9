import type { Database, Tables } from './database.types.ts';

type Relation = keyof (Database['public']['Tables'] & Database['public']['Views']);

/** The column names of a plain select list such as `'id, name, version'`. */
export type Columns<List extends string> = List extends `${infer Name}, ${infer Rest}`
  ? Name | Columns<Rest>
  : List;

/** A table's (or view's) generated row narrowed to the columns a plain select list names. */
export type RowOf<Name extends Relation, List extends string> = Pick<
  Tables<Name>,
  Columns<List> & keyof Tables<Name>
>;
