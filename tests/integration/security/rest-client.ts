/** Raw calls to the local stack's REST API, and a fingerprint of what the database holds. */
import type { RunningStack } from '../../../supabase/local/server.ts';

export interface Answer {
  status: number;
  body: string;
}

export async function call(
  stack: RunningStack,
  token: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: await response.text() };
}

/** Row counts of every table in public, as the superuser sees them. */
export async function fingerprint(stack: RunningStack): Promise<string> {
  const { rows } = await stack.db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const counts = rows.map((row) => `select '${row.name}' as t, count(*) as n from public.${row.name}`);
  const result = await stack.db.query<{ t: string; n: number | string }>(counts.join(' union all '));
  return result.rows.map((row) => `${row.t}=${String(row.n)}`).join(',');
}

/** Every column of every relation in public, by relation. */
export async function exposedColumns(stack: RunningStack): Promise<Map<string, string[]>> {
  const { rows } = await stack.db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public'
     order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows)
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  return columns;
}
