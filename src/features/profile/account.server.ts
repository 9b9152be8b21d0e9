import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import { REFERENCE_BUCKET } from '../references/reference-bucket.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';

/** Everything Unipath keeps about the user, as one JSON document for a download. */
export async function exportMyData(
  supabase: SupabaseClient<Database>,
  user: { id: string; email: string },
): Promise<Record<string, unknown>> {
  const exported: Record<string, unknown> = {
    exported_at: new Date().toISOString(),
    account: { id: user.id, email: user.email },
  };
  // Read under RLS, but filtered to the user's own rows: staff can read other people's too.
  const applications = await supabase.from('applications').select('*').eq('applicant_id', user.id);
  const applicationIds = (applications.data ?? []).map(({ id }) => id);
  const reads = {
    profiles: supabase.from('profiles').select('*').eq('id', user.id),
    user_roles: supabase.from('user_roles').select('*').eq('user_id', user.id),
    shortlist_items: supabase.from('shortlist_items').select('*').eq('user_id', user.id),
    applications,
    application_documents: supabase
      .from('application_documents')
      .select('*')
      .in('application_id', applicationIds),
    saved_searches: supabase.from('saved_searches').select('*').eq('user_id', user.id),
    // The columns a person may read of their own preferences (the unsubscribe token is the server's).
    email_preferences: supabase
      .from('email_preferences')
      .select('user_id, reminders, updated_at')
      .eq('user_id', user.id),
    // The conversation on the user's applications, both sides of it, with what was attached.
    application_messages: supabase
      .from('application_messages')
      .select('*')
      .in('application_id', applicationIds),
    application_message_attachments: supabase
      .from('application_message_attachments')
      .select('*')
      .in('application_id', applicationIds),
    interview_invitations: supabase
      .from('interview_invitations')
      .select('*')
      .in('application_id', applicationIds),
    interview_bookings: supabase.from('interview_bookings').select('*').in('application_id', applicationIds),
    // The referees the user asked, and the letters they did not waive the right to read.
    reference_requests: supabase.from('reference_requests').select('*').eq('applicant_id', user.id),
    reference_letters: supabase.from('reference_letters').select('*').in('application_id', applicationIds),
    // Readers' scores and comments on the user's applications, once a decision on them is released.
    assessment: supabase.rpc('my_assessment_records'),
    // Invoices, payments, waivers and refunds.
    money: supabase.rpc('my_money_data'),
  };
  for (const [table, read] of Object.entries(reads)) {
    const { data, error } = await read;
    if (!error) exported[table] = data;
  }
  // Counselling requests made with the account's address, and the e-mails sent to it.
  const extras = await supabase.rpc('my_data_extras');
  if (!extras.error && extras.data && typeof extras.data === 'object') Object.assign(exported, extras.data);
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
async function removeUserFiles(admin: SupabaseClient<Database>, userId: string): Promise<void> {
  const { data: buckets } = await admin.storage.listBuckets();
  for (const bucket of buckets ?? []) {
    const { data: files } = await admin.storage.from(bucket.name).list(userId, { limit: 1000 });
    const paths = (files ?? []).map((file) => `${userId}/${file.name}`);
    if (paths.length > 0) await admin.storage.from(bucket.name).remove(paths);
  }
  // Referees' letters are kept by request, not by the applicant's folder.
  const { data: requests } = await admin.from('reference_requests').select('id').eq('applicant_id', userId);
  const { data: letters } = await admin
    .from('reference_letters')
    .select('storage_path')
    .in(
      'request_id',
      (requests ?? []).map((row) => row.id),
    );
  const letterPaths = [
    ...new Set((letters ?? []).flatMap((row) => (row.storage_path ? [row.storage_path] : []))),
  ];
  if (letterPaths.length > 0) await admin.storage.from(REFERENCE_BUCKET).remove(letterPaths);
}

/**
 * Deletes the account for good with the service role (server only). Rows referencing the user
 * go with it through their foreign keys; this browser's session is cleared afterwards.
 */
export async function deleteMyAccount(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<FormOutcome> {
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
  // The confirmation the database wrote as the account went (confirm_account_deletion) goes out now.
  sendPendingMail();
  const message = 'Your account and everything in it have been deleted.';
  return success({
    redirect: '/account-deleted/',
    event: 'SIGNED_OUT',
    toast: { title: 'Account deleted', message, kind: 'info' },
  });
}
