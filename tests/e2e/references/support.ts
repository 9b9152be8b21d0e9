import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { COURSE, serviceClient, submitThroughApi } from '../applications/support.ts';
import { mailOfKind, mailTo } from '../admin/decision-support.ts';

/** Helpers for the references journeys: an intake that asks for references, referees' mail. */

export const refereeEmail = (label: string) =>
  `referee-${label}-${randomBytes(4).toString('hex')}@example.org`;

/** An intake of COURSE of its own, open now, needing `minimum` references and taking `maximum`. */
export async function referencesIntake(minimum: number, maximum: number): Promise<string> {
  const service = await serviceClient();
  const { data, error } = await service
    .from('intakes')
    .insert({
      course_id: COURSE.id,
      term: `E2E refs ${randomBytes(3).toString('hex')} 2032`,
      opens_at: '2026-01-01',
      deadline: '2032-06-30',
      start_date: '2032-09-15',
      status: 'open',
      references_min: minimum,
      references_max: maximum,
    })
    .select('id')
    .single();
  if (error) throw new Error(`intake failed: ${error.message}`);
  return (data as { id: string }).id;
}

/** The applicant's application on `intakeId`, submitted through the API. */
export async function submittedOn(email: string, userId: string, intakeId: string): Promise<string> {
  return (await submitThroughApi(email, userId, undefined, intakeId)).id;
}

/** The private link in the newest e-mail of `kind` to the referee. */
export async function refereeLink(to: string, kind = 'referee_request'): Promise<string> {
  const message = await mailOfKind(to, kind);
  const link = /https?:\/\/\S+\/reference\/[A-Za-z0-9_-]{32}/.exec(message.text)?.[0];
  if (!link) throw new Error(`no reference link in the ${kind} e-mail to ${to}`);
  return new URL(link).pathname;
}

export async function mailCount(to: string, kind: string): Promise<number> {
  return (await mailTo(to)).filter((message) => message.kind === kind).length;
}

/** Names a referee on the applicant's references page and sends the request. */
export async function askReferee(
  page: Page,
  referee: { name: string; email: string; relationship: string; waive: boolean },
): Promise<void> {
  const form = page.getByTestId('reference-request-form');
  await form.getByLabel('Referee’s name').fill(referee.name);
  await form.getByLabel('Referee’s e-mail').fill(referee.email);
  await form.getByLabel('How they know you').fill(referee.relationship);
  await form.getByLabel(referee.waive ? /Yes, I waive it/ : /No, I want to be able/).check();
  await form.getByRole('button', { name: 'Send the request' }).click();
}
