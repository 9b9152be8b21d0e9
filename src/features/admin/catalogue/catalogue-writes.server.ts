import type { SupabaseClient } from '@supabase/supabase-js';
import { success, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, type AdminHandler } from '../admin-action.server.ts';
import { writeFailure } from './catalogue-post.server.ts';
import { NO_VERSION, versionOf } from './form-state.ts';
import type { Database, TablesUpdate } from '../../../lib/supabase/database.types.ts';

type Tables = Database['public']['Tables'];

/** The tables whose rows are edited by id under an optimistic lock on their version. */
export type VersionedTable = {
  [T in keyof Tables]: Tables[T]['Row'] extends { id: string; version: number } ? T : never;
}[keyof Tables];

/** Writes changes to one row, naming the version its form showed; the database refuses a stale one (PT409). */
export type VersionedUpdate<T extends VersionedTable> = (
  changes: Omit<TablesUpdate<T>, 'version'>,
  version: number,
) => PromiseLike<{ error: { code: string; message: string } | null }>;

export function versionedUpdate<T extends VersionedTable>(
  supabase: SupabaseClient<Database>,
  table: T,
  id: string,
): VersionedUpdate<T> {
  // supabase-js types a query by a literal table name, not by a type parameter, so the query is
  // built on the untyped client; the signature has checked the changes against table T's Update.
  const untyped: SupabaseClient = supabase;
  return (changes, version) =>
    untyped
      .from(table)
      .update({ ...changes, version })
      .eq('id', id)
      .select('id')
      .single();
}

/** The row to write, stamped as checked today when the form's "verified" box was ticked. */
export function stampVerified<Row extends object>(row: Row, verified: boolean): Row {
  return verified ? { ...row, last_verified_at: new Date().toISOString() } : row;
}

/** "Mark as verified today": stamps the row's last check, naming the version the page showed. */
export function verifyHandler(
  update: (
    changes: { last_verified_at: string },
    version: number,
  ) => ReturnType<VersionedUpdate<VersionedTable>>,
  name: string,
): AdminHandler {
  return async (fields) => {
    const version = versionOf(fields);
    if (version === null) return NO_VERSION;
    const { error } = await update({ last_verified_at: new Date().toISOString() }, version);
    return error ? writeFailure(error) : done(`${name} was marked as verified today.`);
  };
}

/**
 * A success that moves to another page (a new row's, or the list after a deletion). The address
 * names its own fragment, as the browser would otherwise carry the posted form's anchor over to a
 * page where it means something else.
 */
export function movedOn(message: string, redirect: string, title = 'Saved'): FormOutcome {
  return success({ message, redirect, toast: { title, message, kind: 'success' } });
}
