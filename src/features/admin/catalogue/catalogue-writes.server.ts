import type { SupabaseClient } from '@supabase/supabase-js';
import { success, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, type AdminHandler } from '../admin-action.server.ts';
import { writeFailure } from './catalogue-post.server.ts';
import { NO_VERSION, versionOf } from './form-state.ts';

/** Writes changes to one row, naming the version its form showed; the database refuses a stale one (PT409). */
export type VersionedUpdate = (
  changes: Record<string, unknown>,
  version: number,
) => PromiseLike<{ error: { code: string; message: string } | null }>;

export function versionedUpdate(supabase: SupabaseClient, table: string, id: string): VersionedUpdate {
  return (changes, version) =>
    supabase
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
export function verifyHandler(update: VersionedUpdate, name: string): AdminHandler {
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
