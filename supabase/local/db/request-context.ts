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
  /** Applies the role's `ALTER ROLE … SET` settings to the transaction, as PostgREST does. */
  roleSettings?: boolean;
}

/** The roles a request may switch to; anything else is refused before it reaches SQL. */
export const apiRoles = new Set(['anon', 'authenticated', 'service_role']);

type Settings = [name: string, value: string][];

// Read once per database, as PostgREST reads them once into its config cache.
const settingsCache = new WeakMap<Database, Map<string, Settings>>();

/**
 * The `ALTER ROLE … SET` settings of the API roles and the authenticator, limited as PostgREST limits
 * them to settings a user may change (pg_settings context `user`); values lower-cased as it does.
 */
async function roleSettings(db: Database, tx: Queryable): Promise<Map<string, Settings>> {
  const cached = settingsCache.get(db);
  if (cached) return cached;
  const { rows } = await tx.query<{ rolname: string; name: string; value: string }>(
    `select r.rolname, ps.name, lower(substr(s, strpos(s, '=') + 1)) as value
       from pg_roles r, unnest(r.rolconfig) as s
       join pg_settings ps on ps.name = substr(s, 1, strpos(s, '=') - 1) and ps.context = 'user'
      where r.rolname = any($1)`,
    [['authenticator', ...apiRoles]],
  );
  const byRole = new Map<string, Settings>();
  for (const row of rows)
    byRole.set(row.rolname, [...(byRole.get(row.rolname) ?? []), [row.name, row.value]]);
  settingsCache.set(db, byRole);
  return byRole;
}

/**
 * What an API request runs under: the authenticator's settings stand for the defaults of
 * PostgREST's own login session, and the impersonated role's override them. SET ROLE alone applies
 * neither, so PostgREST sets them transaction-locally in its prelude, and so does the stack.
 */
async function impersonatedSettings(db: Database, tx: Queryable, role: string): Promise<Settings> {
  const byRole = await roleSettings(db, tx);
  return [...new Map([...(byRole.get('authenticator') ?? []), ...(byRole.get(role) ?? [])])];
}

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
    const settings = ctx.roleSettings ? await impersonatedSettings(db, tx, ctx.role) : [];
    await tx.query(
      `select set_config('search_path', 'public, extensions', true),
              set_config('request.jwt.claims', $1, true),
              set_config('request.method', $2, true),
              set_config('request.path', $3, true),
              set_config('request.headers', $4, true),
              set_config('request.cookies', $5, true),
              set_config('role', $6, true),
              (select count(set_config(k, v, true)) from unnest($7::text[], $8::text[]) as s (k, v))`,
      [
        JSON.stringify({ ...ctx.claims, role: ctx.role }),
        ctx.method,
        ctx.path,
        JSON.stringify(ctx.headers ?? {}),
        JSON.stringify(ctx.cookies ?? {}),
        ctx.role,
        settings.map(([name]) => name),
        settings.map(([, value]) => value),
      ],
    );
    return fn(tx);
  });
}
