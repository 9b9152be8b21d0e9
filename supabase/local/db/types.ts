/** One result of a statement, normalised across PGlite and node-postgres. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

/** What a statement runs on: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

/** A database the stack serves. Every transaction runs alone on PGlite's single connection. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives: a folder, `memory`, or a connection URL with its password hidden. */
  readonly location: string;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An error raised by Postgres, with its SQLSTATE and the server's detail and hint. */
export interface PostgresError extends Error {
  code: string;
  detail?: string;
  hint?: string;
}

/**
 * True for an error the database raised: its code is a SQLSTATE (five digits or capitals). Node's
 * own errors also carry a string code (`ERR_INVALID_ARG_TYPE`, `EPIPE`), and their text must never
 * reach a client as if the database had said it.
 */
export function isPostgresError(error: unknown): error is PostgresError {
  if (!(error instanceof Error) || 'errno' in error) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
