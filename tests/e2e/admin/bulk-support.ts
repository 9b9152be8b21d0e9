import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, type Browser } from '@playwright/test';
import { PASSWORD, STACK_URL, staffClient, userClient } from '../applications/support.ts';
import { serviceClient, submittedByNewApplicant, type SubmittedApplication } from './support.ts';

/** A word no other test's applicants carry in their names, to find this test's rows by search. */
export const runToken = () => `Bulk${randomBytes(3).toString('hex')}`;

export async function versionOf(client: SupabaseClient, id: string): Promise<number> {
  const { data, error } = await client.from('applications').select('version').eq('id', id).single();
  if (error) throw new Error(`reading the version failed: ${error.message}`);
  return (data as { version: number }).version;
}

export interface Reviewed extends SubmittedApplication {
  name: string;
}

/**
 * A submitted application named `name`, moved to review by an administrator through the API, with
 * its required documents verified unless `verified` is false.
 */
export async function underReview(
  browser: Browser,
  baseURL: string | undefined,
  name: string,
  verified = true,
): Promise<Reviewed> {
  const app = await submittedByNewApplicant(browser, baseURL);
  const service = await serviceClient();
  const { data } = await service.from('applications').select('answers').eq('id', app.applicationId).single();
  const answers = (data as { answers: { personal: Record<string, string> } }).answers;
  const renamed = await service
    .from('applications')
    .update({ answers: { ...answers, personal: { ...answers.personal, full_name: name } } })
    .eq('id', app.applicationId);
  if (renamed.error) throw new Error(`renaming failed: ${renamed.error.message}`);
  const staff = await staffClient();
  const moved = await staff.rpc('transition_application', {
    application_id: app.applicationId,
    to_status: 'under_review',
    expected_version: await versionOf(staff, app.applicationId),
  });
  if (moved.error) throw new Error(`review failed: ${moved.error.message}`);
  for (const documentId of verified ? Object.values(app.documents) : []) {
    const checked = await staff.rpc('review_document', {
      document_id: documentId,
      status: 'verified',
      expected_version: await versionOf(staff, app.applicationId),
    });
    if (checked.error) throw new Error(`verifying failed: ${checked.error.message}`);
  }
  return { ...app, name };
}

/** The decisions recorded on these applications, in any state, read with the service key. */
export async function decisionsOn(ids: readonly string[]) {
  const service = await serviceClient();
  const { data, error } = await service
    .from('application_decisions')
    .select('application_id, outcome, state')
    .in('application_id', [...ids]);
  if (error) throw new Error(`reading decisions failed: ${error.message}`);
  return (data ?? []) as { application_id: string; outcome: string; state: string }[];
}

export async function statusOf(id: string): Promise<string> {
  const service = await serviceClient();
  const { data } = await service.from('applications').select('status').eq('id', id).single();
  return (data as { status: string }).status;
}

/** The subjects of the mail that reached `to`, as the stack's mailbox shows them. */
export async function mailSubjects(to: string): Promise<string[]> {
  const response = await fetch(`${STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: { subject: string }[] };
  return messages.map((message) => message.subject);
}

export async function expectMail(to: string, subject: string): Promise<void> {
  await expect.poll(() => mailSubjects(to), { timeout: 30_000 }).toContain(subject);
}

/** A signed-in counsellor's API client, for recommendations made outside the browser under test. */
export async function counsellorClient(): Promise<SupabaseClient> {
  const service = await serviceClient();
  const email = `counsellor-${randomBytes(4).toString('hex')}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const role = await service.from('user_roles').insert({ user_id: created.data.user.id, role: 'counsellor' });
  if (role.error) throw new Error(`role failed: ${role.error.message}`);
  return userClient(email);
}

/** The first active reason the office gives for `outcome`. */
export async function reasonFor(
  client: SupabaseClient,
  outcome: string,
): Promise<{ id: string; public_wording: string }> {
  const { data, error } = await client
    .from('decision_reasons')
    .select('id, public_wording')
    .eq('outcome', outcome)
    .eq('active', true)
    .order('position')
    .limit(1)
    .single();
  if (error) throw new Error(`reading reasons failed: ${error.message}`);
  return data as { id: string; public_wording: string };
}

/** A decision made through the API by `client` on the application as it is now. */
export async function decide(
  client: SupabaseClient,
  applicationId: string,
  args: { outcome: string; reason_id?: string },
): Promise<{ id: string; state: string }> {
  const { data, error } = await client.rpc('decide_application', {
    application_id: applicationId,
    expected_version: await versionOf(client, applicationId),
    ...args,
  });
  if (error) throw new Error(`deciding failed: ${error.message}`);
  return data as { id: string; state: string };
}
