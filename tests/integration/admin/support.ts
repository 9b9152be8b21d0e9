import type { SupabaseClient } from '@supabase/supabase-js';

/** What a caller gets from a table: how many rows, or the SQLSTATE of the refusal. */
export async function rowsOf(
  client: SupabaseClient,
  table: string,
  filter: Record<string, string> = {},
): Promise<number | string> {
  const { data, error } = await client.from(table).select('*').match(filter);
  return error ? String(error.code) : data.length;
}

/** What a caller gets from a function: 'ok', or the SQLSTATE of the refusal. */
export async function callOf(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const { error } = await client.rpc(fn, args);
  return error ? String(error.code) : 'ok';
}

/** Every caller's answer to the same question, keyed by who asked. */
export async function eachOf<T>(
  callers: Record<string, SupabaseClient>,
  ask: (client: SupabaseClient) => Promise<T>,
): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const [who, client] of Object.entries(callers)) out[who] = await ask(client);
  return out;
}

export const DENIED = '42501';
