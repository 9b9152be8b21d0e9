import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { STACK_URL } from '../applications/support.ts';
import { serviceClient, submittedApplication, type SubmittedApplication } from './support.ts';

export interface MailMessage {
  kind: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; content_type: string; size: number }[];
}

/** Every message the stack's mailbox holds for `to`, newest first. */
export async function mailTo(to: string): Promise<MailMessage[]> {
  const response = await fetch(`${STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: MailMessage[] }).messages;
}

/** The message of `kind` to `to`, waiting for it (released letters go out at once, else at the next sweep). */
export async function mailOfKind(to: string, kind: string): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).find((message) => message.kind === kind);
        return Boolean(found);
      },
      { timeout: 45_000, message: `a ${kind} e-mail to ${to}` },
    )
    .toBe(true);
  return found as MailMessage;
}

/** The decision letters recorded for the application: what would reach the applicant, composed and sent or not. */
export async function queuedLetters(applicationId: string): Promise<string[]> {
  const service = await serviceClient();
  const { data, error } = await service
    .from('notification_events')
    .select('template_key')
    .eq('application_id', applicationId)
    .like('template_key', 'decision_%');
  if (error) throw new Error(`reading the letters failed: ${error.message}`);
  return ((data ?? []) as { template_key: string }[]).map((row) => row.template_key);
}

/** Its decisions as the database holds them, oldest first. */
export async function decisionsOf(applicationId: string) {
  const service = await serviceClient();
  const { data, error } = await service
    .from('application_decisions')
    .select('outcome, state, reason_detail, override_reason, recommended_by, approved_by')
    .eq('application_id', applicationId)
    .order('recommended_at');
  if (error) throw new Error(`reading decisions failed: ${error.message}`);
  return data ?? [];
}

/**
 * A submitted application moved to review with the service key, as triage would, with its
 * documents verified except the kinds in `unverified`. The applicant stays signed in in `context`.
 */
export async function applicationUnderReview(
  context: BrowserContext,
  baseURL: string | undefined,
  unverified: string[] = [],
): Promise<SubmittedApplication> {
  const app = await submittedApplication(context, baseURL);
  const service = await serviceClient();
  const verify = Object.entries(app.documents)
    .filter(([kind]) => !unverified.includes(kind))
    .map(([, id]) => id);
  const documents = await service
    .from('application_documents')
    .update({ status: 'verified' })
    .in('id', verify);
  if (documents.error) throw new Error(`verifying failed: ${documents.error.message}`);
  const review = await service
    .from('applications')
    .update({ status: 'under_review' })
    .eq('id', app.applicationId);
  if (review.error) throw new Error(`review failed: ${review.error.message}`);
  return app;
}

/** The same for an applicant who then leaves (their browser context is closed). */
export async function applicationUnderReviewBy(
  browser: Browser,
  baseURL: string | undefined,
  unverified: string[] = [],
): Promise<SubmittedApplication> {
  const context = await browser.newContext();
  try {
    return await applicationUnderReview(context, baseURL, unverified);
  } finally {
    await context.close();
  }
}

/** Fills the decision panel: the outcome, then whichever fields are given. */
export async function fillDecision(
  page: Page,
  outcome: string,
  fields: {
    conditions?: string;
    reason?: string;
    detail?: string;
    override?: string;
    release?: boolean;
    conditionsDeadline?: string;
    replyBy?: string;
  } = {},
): Promise<void> {
  const form = page.getByTestId('decision-form');
  await form.getByRole('radio', { name: new RegExp(`^${outcome}\\b`) }).check();
  if (fields.conditions !== undefined) await form.getByLabel('Offer conditions').fill(fields.conditions);
  if (fields.reason !== undefined) await form.getByRole('radio', { name: fields.reason }).check();
  if (fields.detail !== undefined) await form.getByLabel('Private detail (optional)').fill(fields.detail);
  if (fields.override !== undefined) await form.getByLabel(/^Override reason/).fill(fields.override);
  if (fields.conditionsDeadline !== undefined)
    await form.getByLabel('Conditions due by (optional)').fill(fields.conditionsDeadline);
  if (fields.replyBy !== undefined) await form.getByLabel('Reply by (optional)').fill(fields.replyBy);
  if (fields.release !== undefined)
    await form.getByLabel('Release to the applicant now').setChecked(fields.release);
}

/** The staff timeline, one line per entry: its title. */
export async function timelineTitles(page: Page): Promise<string[]> {
  const items = page.getByTestId('history').getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}

/** The reply-by date as decision letters write it: "23 December 2026". */
export function letterDate(isoDay: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));
}
