import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';

/** Tables that may hold the user's own rows, read under RLS; tables not yet created are skipped. */
const EXPORTED_TABLES = [
  { table: 'profiles', key: 'id' },
  { table: 'user_roles', key: 'user_id' },
  { table: 'shortlist_items', key: 'user_id' },
  { table: 'applications', key: 'user_id' },
  { table: 'application_documents', key: 'user_id' },
  { table: 'saved_searches', key: 'user_id' },
] as const;

/** Everything Unipath keeps about the user, as one JSON document for a download. */
export async function exportMyData(
  supabase: SupabaseClient,
  user: { id: string; email: string },
): Promise<Record<string, unknown>> {
  const exported: Record<string, unknown> = {
    exported_at: new Date().toISOString(),
    account: { id: user.id, email: user.email },
  };
  for (const { table, key } of EXPORTED_TABLES) {
    const { data, error } = await supabase.from(table).select('*').eq(key, user.id);
    if (!error) exported[table] = data;
  }
  const { data } = await supabase.auth.getUser();
  if (data.user) {
    exported['account'] = {
      id: data.user.id,
      email: data.user.email,
      created_at: data.user.created_at,
      last_sign_in_at: data.user.last_sign_in_at,
      factors: (data.user.factors ?? []).map(({ factor_type, status, created_at }) => ({
        factor_type,
        status,
        created_at,
      })),
    };
  }
  return exported;
}

/** Uploaded files live under the user's folder; removed first so nothing is orphaned. */
async function removeUserFiles(admin: SupabaseClient, userId: string): Promise<void> {
  const { data: buckets } = await admin.storage.listBuckets();
  for (const bucket of buckets ?? []) {
    const { data: files } = await admin.storage.from(bucket.name).list(userId, { limit: 1000 });
    const paths = (files ?? []).map((file) => `${userId}/${file.name}`);
    if (paths.length > 0) await admin.storage.from(bucket.name).remove(paths);
  }
}

/**
 * Deletes the account for good with the service role (server only). Rows referencing the user
 * go with it through their foreign keys; this browser's session is cleared afterwards.
 */
export async function deleteMyAccount(supabase: SupabaseClient, userId: string): Promise<FormOutcome> {
  const admin = createServiceRoleClient();
  if (!admin)
    return failure(
      503,
      'Account deletion is not available right now. Please contact us and we will delete it for you.',
    );
  await removeUserFiles(admin, userId).catch((error: unknown) =>
    console.error('Removing files failed', error),
  );
  const { error } = await admin.auth.admin.deleteUser(userId);
  if (error) {
    console.error('Deleting the account failed', error.message);
    return failure(500, 'We could not delete your account. Please try again or contact us.');
  }
  await supabase.auth.signOut({ scope: 'local' });
  const message = 'Your account and everything in it have been deleted.';
  return success({
    redirect: '/',
    event: 'SIGNED_OUT',
    toast: { title: 'Account deleted', message, kind: 'info' },
  });
}
