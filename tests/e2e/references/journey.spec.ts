import { expect, test } from '@playwright/test';
import { pdfBytes, serviceClient, signInNewApplicant } from '../applications/support.ts';
import { expectNoViolations, signInStaff } from '../admin/support.ts';
import {
  askReferee,
  mailCount,
  refereeEmail,
  refereeLink,
  referencesIntake,
  submittedOn,
} from './support.ts';

const PHONE = { width: 390, height: 844 };

test('a referee writes on a phone through the link; the applicant who waived sees “received”, staff read it', async ({
  browser,
  baseURL,
}) => {
  const applicantContext = await browser.newContext();
  const applicantPage = await applicantContext.newPage();
  const applicant = await signInNewApplicant(applicantContext, baseURL ?? '');
  const intakeId = await referencesIntake(1, 2);
  const applicationId = await submittedOn(applicant.email, applicant.id, intakeId);

  await applicantPage.goto(`/applications/${applicationId}`);
  await expect(applicantPage.getByTestId('next-actor')).toHaveText('Your referees');
  await applicantPage.getByRole('link', { name: 'See and manage your references' }).click();
  await expectNoViolations(applicantPage, 'references page, none asked');
  const email = refereeEmail('phone');
  await askReferee(applicantPage, {
    name: 'Dr Ada Marsh',
    email,
    relationship: 'Physics teacher',
    waive: true,
  });
  const item = applicantPage.getByTestId('reference-request');
  await expect(item.getByTestId('reference-status')).toHaveText('Requested');
  await expectNoViolations(applicantPage, 'references page, one requested');

  const link = await refereeLink(email);
  const referee = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await referee.newPage();
  const opened = await phone.goto(link);
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(phone.getByTestId('referee-applicant')).not.toBeEmpty();
  await expectNoViolations(phone, 'referee page, opened');
  await phone.getByRole('button', { name: 'I will write a reference' }).click();
  await expect(phone.getByRole('heading', { name: 'Upload your letter' })).toBeVisible();
  await expectNoViolations(phone, 'referee page, writing');

  // A page of HTML named .pdf is refused and nothing is stored.
  await phone.getByLabel(/Your letter \(PDF/).setInputFiles({
    name: 'letter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await phone.getByRole('button', { name: 'Send the PDF' }).click();
  await expect(phone.getByTestId('referee-error')).toContainText('cannot be used');
  await expect(phone.getByTestId('referee-letter')).toHaveCount(0);

  // A PDF just over 10 MB reaches the page and is refused there, whatever the browser let through.
  const csrf = await phone.locator('[data-testid="letter-file-form"] input[name="csrf_token"]').inputValue();
  const oversized = await phone.request.post(link, {
    headers: { origin: new URL(phone.url()).origin },
    multipart: {
      csrf_token: csrf,
      intent: 'letter-file',
      file: {
        name: 'huge.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([pdfBytes('big'), Buffer.alloc(10_600_000)]),
      },
    },
  });
  expect(oversized.status()).toBe(422);
  expect(await oversized.text()).toContain('the limit is 10 MB');
  await phone.reload();
  await expect(phone.getByTestId('referee-letter')).toHaveCount(0);

  await phone.getByLabel(/Your letter \(PDF/).setInputFiles({
    name: 'reference-ada.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('reference from Ada Marsh'),
  });
  await phone.getByRole('button', { name: 'Send the PDF' }).click();
  await expect(phone.getByTestId('referee-letter')).toContainText('reference-ada.pdf');
  await expectNoViolations(phone, 'referee page, received');

  await applicantPage.reload();
  await expect(item.getByTestId('reference-status')).toHaveText('Received');
  await expect(item).toContainText('You waived the right to read this letter.');
  await expect(applicantPage.getByTestId('reference-letter')).toHaveCount(0);
  const requestId = (
    await (
      await serviceClient()
    )
      .from('reference_requests')
      .select('id')
      .eq('application_id', applicationId)
      .single()
  ).data?.id as string;
  const peek = await applicantPage.request.get(`/applications/${applicationId}/references/${requestId}`, {
    maxRedirects: 0,
  });
  expect(peek.status()).toBe(404);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffContext, baseURL, 'counsellor');
  await staffPage.goto(`/admin/applications/${applicationId}`);
  const staffItem = staffPage.getByTestId('staff-reference');
  await expect(staffItem).toHaveAttribute('data-status', 'received');
  await expect(staffItem).toContainText('The applicant waived the right to read it');
  await expectNoViolations(staffPage, 'review screen with a reference');
  const open = await staffPage.request.get(`/admin/references/${requestId}`, { maxRedirects: 0 });
  expect(open.status()).toBe(303);
  const file = await staffPage.request.get(open.headers()['location'] ?? '');
  expect((await file.body()).toString()).toContain('reference from Ada Marsh');

  // A made-up link says it does not work, with nothing about anyone.
  const bad = await phone.goto('/reference/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect(bad?.status()).toBe(404);
  await expect(phone.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expectNoViolations(phone, 'referee page, bad link');
  await Promise.all([applicantContext.close(), referee.close(), staffContext.close()]);
});

test('a referee declines, the applicant asks someone else, an expired link stops, reminders stop once the letter is in', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const intakeId = await referencesIntake(1, 1);
  const applicationId = await submittedOn(applicant.email, applicant.id, intakeId);
  await page.goto(`/applications/${applicationId}/references`);
  const first = refereeEmail('declines');
  await askReferee(page, { name: 'Sam Okafor', email: first, relationship: 'Employer', waive: false });
  const referee = await browser.newPage();
  const firstLink = await refereeLink(first);
  await referee.goto(firstLink);
  await referee.getByText('I cannot write one').click();
  await referee.getByLabel('Reason (optional)').fill('I am away until the summer.');
  await referee.getByRole('button', { name: 'Decline the request' }).click();
  await expect(referee.getByText('You declined this request.')).toBeVisible();

  await page.reload();
  const declined = page.getByTestId('reference-request');
  await expect(declined.getByTestId('reference-status')).toHaveText('Declined');
  await expect(declined).toContainText('I am away until the summer.');
  await declined.getByText('Ask someone else instead').click();
  const typo = refereeEmail('typo');
  await declined.getByLabel('Referee’s name').fill('Priya Nair');
  await declined.getByLabel('Referee’s e-mail').fill(typo);
  await declined.getByLabel('How they know you').fill('Tutor for three years');
  await declined.getByLabel(/No, I want to be able/).check();
  await declined.getByRole('button', { name: 'Send to the new referee' }).click();
  await expect(page.getByTestId('reference-request').getByTestId('reference-status')).toHaveText('Requested');
  // The first referee's link is replayed: it no longer works and changes nothing.
  expect((await referee.goto(firstLink))?.status()).toBe(404);

  // The address was mistyped: staff correct it, and the link sent to the wrong one stops working.
  const typoLink = await refereeLink(typo);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffContext, baseURL, 'counsellor');
  await staffPage.goto(`/admin/applications/${applicationId}`);
  const staffItem = staffPage.getByTestId('staff-reference').filter({ hasText: 'Priya Nair' });
  await staffItem.getByText('Correct the referee’s address').click();
  const second = refereeEmail('replacement');
  await staffItem.getByLabel('Right e-mail address').fill(second);
  await staffItem.getByRole('button', { name: 'Send to this address' }).click();
  await expect(staffPage.getByTestId('staff-reference').filter({ hasText: second })).toBeVisible();
  await staffContext.close();
  expect((await referee.goto(typoLink))?.status()).toBe(404);

  // Seven days on, the hourly job reminds the new referee once.
  const service = await serviceClient();
  const { data: request } = await service
    .from('reference_requests')
    .select('id, sent_at, due_on')
    .eq('referee_email', second)
    .single();
  const row = request as { id: string; sent_at: string; due_on: string };
  const week = new Date(Date.parse(row.sent_at) + 8 * 86_400_000).toISOString();
  await service.rpc('queue_reminders', { now: week });
  await service.rpc('queue_reminders', { now: week });
  await expect.poll(() => mailCount(second, 'referee_reminder'), { timeout: 45_000 }).toBe(1);

  // The letter arrives as the short form; the reminders before the deadline do not go out.
  await referee.goto(await refereeLink(second));
  await referee.getByRole('button', { name: 'I will write a reference' }).click();
  await referee
    .getByLabel('How you know the applicant, and for how long')
    .fill('Their tutor for three years');
  await referee
    .getByLabel('General statement')
    .fill('A careful, curious student who finishes what they start and helps others do the same.');
  await referee
    .getByLabel('What makes them suited to this course')
    .fill('They draw and build models every week.');
  await referee.getByRole('button', { name: 'Send the reference' }).click();
  await expect(referee.getByTestId('referee-letter')).toContainText('Their tutor for three years');
  const dayBefore = new Date(Date.parse(`${row.due_on}T09:00:00Z`) - 86_400_000).toISOString();
  await service.rpc('queue_reminders', { now: dayBefore });
  await page.reload();
  await expect(page.getByTestId('reference-letter')).toContainText('They draw and build models every week.');
  expect(await mailCount(second, 'referee_reminder')).toBe(1);

  // A link past its deadline says so and takes nothing.
  await service
    .from('reference_tokens')
    .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .eq('request_id', row.id);
  const expired = await referee.goto(await refereeLink(second));
  expect(expired?.status()).toBe(404);
  await expect(referee.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await Promise.all([context.close(), referee.close()]);
});

test('a letter that arrived for one application is asked to stand for a second, and the referee confirms with one click', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const firstApplication = await submittedOn(applicant.email, applicant.id, await referencesIntake(1, 1));
  const secondApplication = await submittedOn(applicant.email, applicant.id, await referencesIntake(1, 1));
  await page.goto(`/applications/${firstApplication}/references`);
  const email = refereeEmail('reuse');
  await askReferee(page, { name: 'Lena Park', email, relationship: 'Head of year', waive: true });
  const referee = await browser.newPage();
  await referee.goto(await refereeLink(email));
  await referee.getByRole('button', { name: 'I will write a reference' }).click();
  await referee.getByLabel(/Your letter \(PDF/).setInputFiles({
    name: 'lena.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('Lena Park reference'),
  });
  await referee.getByRole('button', { name: 'Send the PDF' }).click();
  await expect(referee.getByTestId('referee-letter')).toBeVisible();

  await page.goto(`/applications/${secondApplication}/references`);
  const reuse = page.getByTestId('reference-reuse-form');
  await expect(reuse.getByLabel('Reference')).toContainText('Lena Park');
  await reuse.getByRole('button', { name: 'Ask to use it here' }).click();
  await referee.goto(await refereeLink(email, 'referee_reuse'));
  await referee.getByRole('button', { name: 'Yes, let my letter count here' }).click();
  await expect(referee.getByTestId('referee-letter')).toContainText('lena.pdf');
  await page.reload();
  await expect(page.getByTestId('reference-request').getByTestId('reference-status')).toHaveText('Received');
  await Promise.all([context.close(), referee.close()]);
});
