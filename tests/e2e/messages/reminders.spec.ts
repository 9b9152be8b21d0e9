import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { mailOfKind, mailTo } from '../admin/decision-support.ts';
import {
  expectNoViolations,
  noHorizontalScroll,
  signInStaff,
  submittedByNewApplicant,
} from '../admin/support.ts';
import { COURSE, serviceClient, signInNewApplicant } from '../applications/support.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An open intake of the seeded course whose deadline is `days` away, and a draft on it. */
async function draftNearDeadline(applicantId: string, days: number) {
  const service = await serviceClient();
  const intake = await service
    .from('intakes')
    .insert({
      course_id: COURSE.id,
      term: `Reminder test ${randomBytes(3).toString('hex')}`,
      opens_at: day(-10),
      deadline: day(days),
      start_date: day(days + 60),
      status: 'open',
    })
    .select('id, deadline')
    .single();
  if (intake.error) throw new Error(`intake failed: ${intake.error.message}`);
  const draft = await service
    .from('applications')
    .insert({ applicant_id: applicantId, course_id: COURSE.id, intake_id: intake.data.id })
    .select('id')
    .single();
  if (draft.error) throw new Error(`draft failed: ${draft.error.message}`);
  return { applicationId: (draft.data as { id: string }).id, deadline: intake.data.deadline as string };
}

/** The reminders job, as the app server runs it hourly (at `now`, when given). */
async function runReminders(now?: string) {
  const service = await serviceClient();
  const { error } = await service.rpc('queue_reminders', now ? { now } : {});
  if (error) throw new Error(`queue_reminders failed: ${error.message}`);
}

async function remindersOn(userId: string): Promise<boolean> {
  const service = await serviceClient();
  const { data, error } = await service.from('email_preferences').select('reminders').eq('user_id', userId);
  if (error) throw new Error(`reading preferences failed: ${error.message}`);
  return (data as { reminders: boolean }[])[0]?.reminders ?? true;
}

const unsubscribeLink = (text: string) => {
  const link = /https?:\/\/\S+\/unsubscribe\?token=[0-9a-f]{48}/.exec(text)?.[0];
  if (!link) throw new Error(`no unsubscribe link in: ${text}`);
  return link;
};

test('a draft near its deadline gets a reminder whose link turns reminders off, and no later reminder comes', async ({
  page,
  baseURL,
}) => {
  const applicant = await signInNewApplicant(page.context(), baseURL ?? '');
  const { applicationId, deadline } = await draftNearDeadline(applicant.id, 3);
  await runReminders();

  const reminder = await mailOfKind(applicant.email, 'reminder_draft_deadline');
  expect(reminder.subject).toBe(`Applications for ${COURSE.title} close in 3 days`);
  expect(reminder.text).toContain(`/applications/${applicationId}`);
  const link = unsubscribeLink(reminder.text);

  // Opening the link (as a mail scanner would) changes nothing; the button does. On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Stop reminders about deadlines and replies?',
  );
  await expectNoViolations(page, 'unsubscribe confirmation');
  await noHorizontalScroll(page);
  expect(await remindersOn(applicant.id)).toBe(true);
  const confirm = page.getByRole('button', { name: 'Turn off reminders' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reminders are off');
  await expect(page.getByText('You will get no more reminders about deadlines and replies.')).toBeVisible();
  await expectNoViolations(page, 'unsubscribed');
  expect(await remindersOn(applicant.id)).toBe(false);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile#email');
  const toggle = page.getByRole('checkbox', { name: 'Reminders about deadlines and replies' });
  await expect(toggle).not.toBeChecked();
  await expect(page.locator('#email')).toContainText(
    'Essential messages (receipts, requests from admissions, decisions) always come.',
  );

  // The next step (1 day before the deadline) is queued but never sent.
  const dayBefore = new Date(`${deadline}T12:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  await runReminders(dayBefore.toISOString());
  const service = await serviceClient();
  await expect
    .poll(async () => {
      const { data } = await service
        .from('notification_events')
        .select('skipped')
        .eq('application_id', applicationId)
        .eq('template_key', 'reminder_draft_deadline')
        .not('composed_at', 'is', null);
      return (data ?? []).map((row) => (row as { skipped: string | null }).skipped);
    })
    .toEqual([null, 'unsubscribed']);
  expect((await mailTo(applicant.email)).filter((m) => m.kind.startsWith('reminder_'))).toHaveLength(1);

  // The toggle turns them back on, without JavaScript's help (a plain form post).
  await toggle.check();
  await page.getByRole('button', { name: 'Save e-mail preferences' }).click();
  await expect(page.getByRole('checkbox', { name: 'Reminders about deadlines and replies' })).toBeChecked();
  expect(await remindersOn(applicant.id)).toBe(true);
  await expectNoViolations(page, 'profile with reminders');
});

test('a mail client’s one-click post turns reminders off without a session or CSRF token; a bad token gets a clear 400', async ({
  page,
  request,
  baseURL,
}) => {
  const applicant = await signInNewApplicant(page.context(), baseURL ?? '');
  await draftNearDeadline(applicant.id, 1);
  await runReminders();
  const link = unsubscribeLink((await mailOfKind(applicant.email, 'reminder_draft_deadline')).text);

  const oneClick = await request.post(link, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain('Reminders are off');
  expect(await remindersOn(applicant.id)).toBe(false);

  const forged = await request.post(`/unsubscribe?token=${'0'.repeat(48)}`, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain('The link is incomplete or no longer valid, so nothing was changed.');

  // The exemption is this one post only: another form post from elsewhere is still refused.
  const crossSite = await request.post('/profile', {
    headers: { origin: 'https://mail.example' },
    form: { intent: 'save-reminders', reminders: 'on' },
  });
  expect(crossSite.status()).toBe(403);
  expect(await remindersOn(applicant.id)).toBe(false);

  await page.goto('/unsubscribe?token=not-a-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  const broken = await request.get('/unsubscribe?token=%3Cscript%3E');
  expect(broken.status()).toBe(400);
});

test('staff hear of an assignment at once, and after switching to a daily digest only in the digest', async ({
  page,
  browser,
  baseURL,
}) => {
  const staff = await signInStaff(page.context(), baseURL, 'counsellor');
  const service = await serviceClient();
  const first = await submittedByNewApplicant(browser, baseURL);
  const assigned = await service
    .from('applications')
    .update({ assigned_to: staff.id })
    .eq('id', first.applicationId);
  if (assigned.error) throw new Error(`assignment failed: ${assigned.error.message}`);
  const told = await mailOfKind(staff.email, 'staff_assigned');
  expect(told.subject).toBe(`${first.reference} is assigned to you`);
  expect(told.text).toContain(`/admin/applications/${first.applicationId}`);

  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My notifications');
  await expect(page.getByRole('radio', { name: 'As it happens' })).toBeChecked();
  await expectNoViolations(page, 'staff notifications');
  await page.getByRole('radio', { name: 'As it happens' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'A daily digest' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You will get one digest a day')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'A daily digest' })).toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(page);
  await expectNoViolations(page, 'staff notifications on a phone');

  const second = await submittedByNewApplicant(browser, baseURL);
  await service.from('applications').update({ assigned_to: staff.id }).eq('id', second.applicationId);
  // A sweep goes by: an event for someone who wants it at once, queued after the assignment, is
  // composed; the assignment's event waits for the digest instead of becoming a message.
  const control = await service
    .from('notification_events')
    .insert({
      recipient_id: second.id,
      application_id: second.applicationId,
      template_key: 'application_submitted',
      fields: { reference: second.reference },
    })
    .select('id')
    .single();
  expect(control.error).toBeNull();
  await expect
    .poll(async () => {
      const { data: sweep } = await service
        .from('notification_events')
        .select('composed_at')
        .eq('id', (control.data as { id: number }).id)
        .single();
      return (sweep as { composed_at: string | null } | null)?.composed_at ?? null;
    })
    .not.toBeNull();
  const { data } = await service
    .from('notification_events')
    .select('composed_at')
    .eq('application_id', second.applicationId)
    .eq('template_key', 'staff_assigned');
  expect(data).toEqual([{ composed_at: null }]);
  expect((await mailTo(staff.email)).filter((m) => m.kind === 'staff_assigned')).toHaveLength(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the profile toggle turns reminders off with a plain form post', async ({ page, baseURL }) => {
    const applicant = await signInNewApplicant(page.context(), baseURL ?? '');
    await page.goto('/profile#email');
    const toggle = page.getByRole('checkbox', { name: 'Reminders about deadlines and replies' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await page.getByRole('button', { name: 'Save e-mail preferences' }).click();
    await expect(page).toHaveURL(/\/profile#email$/);
    await expect(
      page.getByRole('checkbox', { name: 'Reminders about deadlines and replies' }),
    ).not.toBeChecked();
    expect(await remindersOn(applicant.id)).toBe(false);
  });
});

// Last in this file: it uses up this address's unsubscribe posts (20 per ten minutes, some spent above).
test('too many unsubscribe posts from one address are refused with 429', async ({ request }) => {
  const post = () =>
    request.post(`/unsubscribe?token=${randomBytes(24).toString('hex')}`, {
      form: { 'List-Unsubscribe': 'One-Click' },
    });
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= 20; attempt += 1) statuses.push((await post()).status());
  const first = statuses.indexOf(429);
  expect(first).toBeGreaterThan(0);
  expect(new Set(statuses.slice(0, first))).toEqual(new Set([400]));
  expect(new Set(statuses.slice(first))).toEqual(new Set([429]));
  const refused = await post();
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toContain('Wait ten minutes and open the link again.');
});
