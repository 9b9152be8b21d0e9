import type { Database, Queryable } from './types.ts';

/** Who is asking and how, as PostgREST and Storage pass it to the database. */
export interface RequestContext {
  /** The database role from the JWT's role claim (`anon` without a token). */
  role: string;
  /** The verified JWT claims; `role` is forced in. */
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Reads run in a read-only transaction, as PostgREST runs GET and HEAD. */
  readOnly?: boolean;
}

/** The roles a request may switch to; anything else is refused before it reaches SQL. */
export const apiRoles = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs `fn` in one transaction with the caller's role and claims set transaction-locally, the way
 * PostgREST prepares every request, so row-level security decides what the caller sees.
 */
export async function runAs<T>(
  db: Database,
  ctx: RequestContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (ctx.readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('search_path', 'public, extensions', true),
              set_config('request.jwt.claims', $1, true),
              set_config('request.method', $2, true),
              set_config('request.path', $3, true),
              set_config('request.headers', $4, true),
              set_config('request.cookies', $5, true),
              set_config('role', $6, true)`,
      [
        JSON.stringify({ ...ctx.claims, role: ctx.role }),
        ctx.method,
        ctx.path,
        JSON.stringify(ctx.headers ?? {}),
        JSON.stringify(ctx.cookies ?? {}),
        ctx.role,
      ],
    );
    return fn(tx);
  });
}
