import { expect, test } from '@playwright/test';
import {
  completeFirstSteps,
  COURSE,
  hydrated,
  pdfBytes,
  pngBytes,
  serviceClient,
  signInNewApplicant,
  STACK_URL,
  STATEMENT,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

test('an applicant applies, leaves mid-form, resumes, uploads, submits and withdraws', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const applicant = await signInNewApplicant(context, baseURL ?? '');

  await page.goto(`/courses/${COURSE.slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: `Save: ${COURSE.title}` }).click();
  await expect(page.getByRole('button', { name: `Saved: ${COURSE.title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('link', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(new RegExp(`/admission-application\\?course=${COURSE.id}`));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Course and intake' })).toBeVisible();
  await expect(page.getByText(COURSE.title)).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toBeFocused();
  await expect(page).toHaveURL(/draft=/);
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('error-summary')).toContainText('Full name');
  await completeFirstSteps(page);

  await page.getByLabel('Why do you want to study this course?').fill(STATEMENT);
  await expect(page.getByTestId('save-status')).toContainText(/Saved at \d{2}:\d{2}/);
  const draftUrl = page.url();

  // Leave mid-form and come back through the course's apply link: everything is still there.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Continue your application' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your shortlist' })).toContainText(COURSE.title);
  await expect(page.getByRole('region', { name: 'Next deadlines' })).toContainText('Submit your application');
  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Personal statement' })).toBeVisible();
  await expect(page.getByLabel('Why do you want to study this course?')).toHaveValue(STATEMENT);
  expect(new URL(draftUrl).searchParams.get('draft')).toBeTruthy();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  const passport = page.getByTestId('document-passport');
  await passport
    .getByLabel(/upload passport/i)
    .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pngBytes() });
  await expect(passport.getByRole('alert')).toContainText('File validation failed');
  const required = page.locator('[data-testid^="document-"]', { hasText: '(required)' });
  for (const slot of await required.all()) {
    const kind = ((await slot.getAttribute('data-testid')) ?? '').replace('document-', '');
    await slot
      .locator('input[type=file]')
      .setInputFiles({ name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(kind) });
    await expect(slot).toContainText(`Uploaded: ${kind}.pdf`);
  }
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible();
  // The answers read as a person wrote them: country names and dates in words, not codes.
  const answer = (term: string) =>
    page.locator(`xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
  await expect(answer('Nationality')).toHaveText('Nigeria');
  await expect(answer('Date of birth')).toHaveText('14 Mar 2004');
  await expect(answer('Address')).toHaveText('4 Marina Road, Lagos, Nigeria');
  await expect(answer('Result')).toContainText('7 on 1 May 2025');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}\/receipt$/);
  const reference = (await page.getByTestId('reference').textContent()) ?? '';
  expect(reference).toMatch(/^UP-\d{4}-[0-9A-Z]{6}$/);

  const admin = await serviceClient();
  await expect
    .poll(async () => {
      const { data: outbox } = await admin
        .from('notification_outbox')
        .select('subject, recipient')
        .eq('recipient', applicant.email);
      return outbox;
    })
    .toEqual([{ subject: `We received your application ${reference}`, recipient: applicant.email }]);
  await expect
    .poll(async () => {
      const response = await fetch(
        `${STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(applicant.email)}`,
      );
      const { messages } = (await response.json()) as { messages: { subject: string }[] };
      return messages.map((message) => message.subject);
    })
    .toContain(`We received your application ${reference}`);

  const receiptPath = new URL(page.url()).pathname;
  const stranger = await browser.newContext({ baseURL: baseURL ?? '' });
  await signInNewApplicant(stranger, baseURL ?? '');
  const strangerView = await stranger.request.get(receiptPath);
  expect(strangerView.status()).toBe(404);
  expect(await strangerView.text()).not.toContain(reference);
  await stranger.close();

  await page.goto('/applications');
  const card = page.getByTestId('application');
  await expect(card.getByTestId('status-badge')).toHaveText('Submitted');
  await expect(card.getByTestId('timeline')).toContainText('Submitted');
  await expect(card.getByTestId('next-actor')).toHaveText('The admissions team');

  await hydrated(page);
  await card.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this application?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep application' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Withdraw' }).click();
  await dialog.getByRole('button', { name: 'Withdraw application' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Withdrawn');
  await expect(page.getByTestId('timeline')).toContainText('Withdrawn');
});
