import { randomUUID } from 'node:crypto';
import { runAs } from '../../../supabase/local/db/request-context.ts';
import { isPostgresError, type Database } from '../../../supabase/local/db/types.ts';

export type Caller = { role: 'anon' } | { role: 'authenticated'; sub: string } | { role: 'service_role' };
export const anon: Caller = { role: 'anon' };
export const service: Caller = { role: 'service_role' };
export const user = (sub: string): Caller => ({ role: 'authenticated', sub });

/** Runs one statement as the caller, the way an API request would. */
export async function as<T = Record<string, unknown>>(
  db: Database,
  caller: Caller,
  sql: string,
  params?: unknown[],
) {
  const claims = caller.role === 'authenticated' ? { sub: caller.sub, aal: 'aal1' } : {};
  return runAs(db, { role: caller.role, claims, method: 'POST', path: '/catalogue-test' }, (tx) =>
    tx.query<T>(sql, params),
  );
}

/** Rows a write touched, or the SQLSTATE it failed with. */
export async function attempt(db: Database, caller: Caller, sql: string, params?: unknown[]) {
  try {
    return { rows: (await as(db, caller, sql, params)).affectedRows };
  } catch (error) {
    if (isPostgresError(error)) return { code: error.code };
    throw error;
  }
}

export async function count(db: Database, caller: Caller, from: string): Promise<number> {
  const result = await as<{ n: number }>(db, caller, `select count(*)::int as n from ${from}`);
  return result.rows[0]?.n ?? -1;
}

/** A user made directly in auth.users, as the auth service would; optionally granted roles. */
export async function createUser(db: Database, roles: string[] = []): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), now(), now())`,
    [id, `${id.slice(0, 8)}@example.test`],
  );
  for (const role of roles)
    await db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [id, role]);
  return id;
}

export async function firstId(db: Database, sql: string): Promise<string> {
  const result = await db.query<{ id: string }>(sql);
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no row for ${sql}`);
  return id;
}
