import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { COURSE } from '../applications/support.ts';
import { expectNoViolations, serviceClient, signInStaff, submittedByNewApplicant } from './support.ts';

const reference = () =>
  `UP-2031-${Array.from(randomBytes(6), (byte) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[byte % 36]).join('')}`;

/**
 * An open intake of its own (1 place) on a course other applications tests do not use, with two
 * submissions on it written by the service key: closing it disturbs nobody else's journey.
 */
async function intakeWithTwoSubmissions(service: SupabaseClient, term: string) {
  const course = await service
    .from('courses')
    .select('id, title')
    .eq('published', true)
    .neq('id', COURSE.id)
    .order('slug')
    .limit(1)
    .single();
  if (course.error) throw new Error(`course failed: ${course.error.message}`);
  const intake = await service
    .from('intakes')
    .insert({
      course_id: course.data.id,
      term,
      opens_at: '2030-10-01',
      deadline: '2031-06-30',
      reply_by: '2031-07-31',
      start_date: '2031-09-15',
      capacity: 1,
      status: 'open',
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(`intake failed: ${intake.error.message}`);
  for (const name of ['Ada', 'Bo']) {
    const user = await service.auth.admin.createUser({
      email: `intake-${randomBytes(4).toString('hex')}@example.com`,
      email_confirm: true,
    });
    if (!user.data.user) throw new Error(`createUser failed: ${user.error?.message}`);
    const app = await service.from('applications').insert({
      applicant_id: user.data.user.id,
      course_id: course.data.id,
      intake_id: intake.data.id,
      status: 'submitted',
      reference: reference(),
      submitted_at: new Date().toISOString(),
      answers: { personal: { full_name: `${name} ${term}` } },
    });
    if (app.error) throw new Error(`application failed: ${app.error.message}`);
  }
  return { id: intake.data.id as string, courseTitle: course.data.title as string };
}

/** Leaves the catalogue as the seed made it, for the course pages other tests look at. */
async function removeIntake(service: SupabaseClient, intakeId: string): Promise<void> {
  const apps = await service.from('applications').delete().eq('intake_id', intakeId);
  const intake = await service.from('intakes').delete().eq('id', intakeId);
  const error = apps.error ?? intake.error;
  if (error) throw new Error(`cleanup failed: ${error.message}`);
}

async function closeThenRefusePublish(
  page: Page,
  service: SupabaseClient,
  intake: { id: string; courseTitle: string; term: string },
): Promise<void> {
  const { term } = intake;
  await page.goto('/admin-intake');
  await page.getByLabel('Search').fill(term);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.locator(`tr[data-intake-id="${intake.id}"]`);
  await expect(row).toContainText(intake.courseTitle);
  for (const text of [
    '1 Oct 2030',
    '30 Jun 2031',
    '31 Jul 2031',
    '0 of 1 place used',
    '1 place left',
    '2 applications in review',
    'Rolling',
  ]) {
    await expect(row).toContainText(text);
  }
  await expect(row).not.toContainText('Over capacity');
  const status = row.locator('td').nth(4);
  await expect(status).toHaveText('Open');
  await expectNoViolations(page, 'intakes');

  await row.getByRole('link', { name: new RegExp(`^Close… ${term}`) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Close this intake to applications?' }),
  ).toBeVisible();
  await expectNoViolations(page, 'close confirmation');
  await page.getByRole('button', { name: 'Yes, close the intake' }).click();
  await expect(page).toHaveURL(/\/admin-intake\?q=E2E/);
  await expect(
    page.getByRole('status').filter({ hasText: `${term} · ${intake.courseTitle} is closed.` }),
  ).toBeVisible();
  await expect(status).toHaveText('Closed');

  await row.getByRole('link', { name: new RegExp(`^Publish decisions… ${term}`) }).click();
  await expect(page.getByTestId('publish-summary')).toContainText(
    'Publishing will be refused for now: 2 applications still await a decision.',
  );
  await page.getByRole('button', { name: 'Yes, publish decisions' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'not done' });
  await expect(refusal).toContainText(
    '2 application(s) on this intake still await a decision and 0 decision(s) await approval.',
  );
  await expect(refusal).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publish the decisions of this intake?');
  await expectNoViolations(page, 'publish refused');
  const stored = await service.from('intakes').select('status').eq('id', intake.id).single();
  expect(stored.data?.status).toBe('closed');

  await page.getByRole('link', { name: 'Back to intakes' }).first().click();
  await expect(status).toHaveText('Closed');
  await row.getByRole('button', { name: new RegExp(`^Reopen ${term}`) }).click();
  await expect(status).toHaveText('Open');
}

test('intakes show their dates, places and status, applications using no places; closing asks first, and publishing decisions is refused with the reason while applications await one', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const term = `E2E ${randomBytes(3).toString('hex')} 2031`;
  const service = await serviceClient();
  const intake = await intakeWithTwoSubmissions(service, term);
  await signInStaff(context, baseURL ?? '');
  try {
    await closeThenRefusePublish(page, service, { ...intake, term });
  } finally {
    await removeIntake(service, intake.id);
  }
});

test('counsellors see intakes without the status buttons and cannot reach the confirmation', async ({
  page,
  context,
  baseURL,
}) => {
  await signInStaff(context, baseURL ?? '', 'counsellor');
  await page.goto('/admin-intake?status=open');
  await expect(page.getByRole('table', { name: 'Intakes' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Close…/ })).toHaveCount(0);
  const intakeId = await page.locator('tr[data-intake-id]').first().getAttribute('data-intake-id');
  const response = await page.goto(`/admin-intake/confirm?intake=${intakeId}&to=closed`);
  expect(response?.status()).toBe(404);
});

/** A submission made by a new applicant through the API, named so a search finds only it. */
async function freshSubmission(browser: Browser, baseURL: string | undefined, name: string): Promise<string> {
  const { applicationId: id } = await submittedByNewApplicant(browser, baseURL);
  const service = await serviceClient();
  const stored = await service.from('applications').select('answers').eq('id', id).single();
  const answers = stored.data?.answers as { personal: Record<string, unknown> };
  const renamed = await service
    .from('applications')
    .update({ answers: { ...answers, personal: { ...answers.personal, full_name: name } } })
    .eq('id', id);
  if (renamed.error) throw new Error(`rename failed: ${renamed.error.message}`);
  return id;
}

test('triage: two fresh submissions are given a reviewer and moved to review in one go, by keyboard', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const service = await serviceClient();
  const ids = [
    await freshSubmission(browser, baseURL, `Ngozi Triage ${tag}`),
    await freshSubmission(browser, baseURL, `Kofi Triage ${tag}`),
  ];
  const admin = await signInStaff(context, baseURL ?? '');

  await page.goto('/admin-intake');
  await page.getByRole('link', { name: 'Open the triage queue' }).click();
  await page.getByLabel('Search by reference or applicant').fill(`Triage ${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Ngozi Triage ${tag}`);
  await expect(rows.nth(1)).toContainText(`Kofi Triage ${tag}`);
  await expectNoViolations(page, 'triage queue');

  await page.getByRole('button', { name: 'Move selected to review' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was changed' });
  await expect(refusal).toContainText('Select at least one application first.');
  await expect(refusal).toBeFocused();
  await expectNoViolations(page, 'triage with nothing selected');

  const first = page.getByRole('checkbox', { name: new RegExp(`Ngozi Triage ${tag}$`) });
  const second = page.getByRole('checkbox', { name: new RegExp(`Kofi Triage ${tag}$`) });
  const every = page.getByRole('checkbox', { name: 'Select every application on this page' });
  await every.check();
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  await every.uncheck();
  await expect(first).not.toBeChecked();
  await expect(second).not.toBeChecked();
  await first.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const reviewer = page.getByLabel('Reviewer');
  await expect(reviewer).toBeFocused();
  await page.keyboard.type(admin.email);
  await expect(reviewer).toHaveValue(admin.id);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Move selected to review' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Moved 2 applications to review and assigned them to ${admin.email}.` }),
  ).toBeVisible();
  await expect(rows).toHaveCount(0);
  const moved = await service.from('applications').select('status, assigned_to').in('id', ids);
  expect(moved.data).toEqual([
    { status: 'under_review', assigned_to: admin.id },
    { status: 'under_review', assigned_to: admin.id },
  ]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the triage form is a plain form: ticked submissions get the chosen reviewer', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const name = `Zara NoScript ${randomBytes(3).toString('hex')}`;
    const id = await freshSubmission(browser, baseURL, name);
    const admin = await signInStaff(context, baseURL ?? '');
    await page.goto(`/admin-intake/triage?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('checkbox', { name: 'Select every application on this page' })).toBeHidden();
    await page.getByRole('checkbox', { name: new RegExp(`${name}$`) }).check();
    await page.getByLabel('Reviewer').selectOption(admin.id);
    await page.getByRole('button', { name: 'Assign selected' }).click();
    await expect(page).toHaveURL(/\/admin-intake\/triage\?q=/);
    const row = page.locator(`tr[data-application-id="${id}"]`);
    await expect(row).toContainText(admin.email);
    const service = await serviceClient();
    const stored = await service.from('applications').select('status, assigned_to').eq('id', id).single();
    expect(stored.data).toEqual({ status: 'submitted', assigned_to: admin.id });
  });
});
