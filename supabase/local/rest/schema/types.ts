export interface Column {
  name: string;
  /** The type as `format_type` prints it, e.g. `text[]` or `timestamp with time zone`. */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

/** A table, view or composite type in an exposed schema (or a function's result shape). */
export interface Relation {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  columns: Column[];
  columnMap: Map<string, Column>;
  primaryKey: string[];
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  from: Relation;
  columns: string[];
  to: Relation;
  refColumns: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  returnType: string;
  /** void, a single value, or rows with named columns (a table type, composite or `returns table`). */
  returns: 'void' | 'scalar' | 'composite';
  /** The columns of a composite result; a table's own relation when it returns a table type. */
  shape: Relation | null;
  params: RoutineParam[];
}

/** A function taking a row of `source` and returning rows of `target`: embeddable like a foreign key. */
export interface ComputedRelationship {
  routine: Routine;
  source: Relation;
  target: Relation;
  /** Not SETOF, or declared `rows 1`. */
  toOne: boolean;
}

/** The PostgREST settings a project may change in the database (`alter role authenticator set pgrst.…`). */
export interface ApiSettings {
  /** db-aggregates-enabled: off by default, as on hosted Supabase. */
  aggregates: boolean;
  /** db-plan-enabled: off by default, as on hosted Supabase. */
  plan: boolean;
  /** db-tx-end: `commit` by default, which ignores `Prefer: tx=rollback`. */
  txEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  computed: ComputedRelationship[];
  settings: ApiSettings;
}

export const qualified = (schema: string, name: string) => `${schema}.${name}`;
