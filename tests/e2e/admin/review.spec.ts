import { expect, test, type Page } from '@playwright/test';
import { COURSE, pdfBytes } from '../applications/support.ts';
import {
  expectNoViolations,
  refreshBrowserSession,
  serviceClient,
  signInStaff,
  submittedApplication,
  submittedByNewApplicant,
} from './support.ts';

/** The timeline entry of one status change. */
function historyEntry(page: Page, to: string, from: string) {
  return page
    .getByTestId('history')
    .getByRole('listitem')
    .filter({ has: page.getByText(to, { exact: true }) })
    .filter({ hasText: `from ${from} ·` });
}

async function searchQueue(page: Page, fields: { q?: string; course?: string; status?: string }) {
  await page.goto('/admin/applications');
  await page.getByLabel('Reference, applicant name or e-mail').fill(fields.q ?? '');
  await page.getByLabel('Course or university').fill(fields.course ?? '');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: fields.status ?? 'Any status' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
}

test('staff review a new application from the queue to a conditional offer', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const applicantContext = await browser.newContext();
  const applicantPage = await applicantContext.newPage();
  const app = await submittedApplication(applicantContext, baseURL ?? '');
  const staff = await signInStaff(context, baseURL ?? '', 'admin');

  await searchQueue(page, { q: app.reference });
  await expect(page).toHaveURL(new RegExp(`q=${app.reference}`));
  const rows = page.getByTestId('queue-row');
  const statusLinks = page.getByRole('navigation', { name: 'Applications by status' }).getByRole('link');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Amara Okafor');
  await expect(rows).toContainText(COURSE.title);
  await expect(rows.getByTestId('status-badge')).toHaveText('Submitted');
  await expect(rows).toContainText('Unassigned');
  await expect(rows.getByTestId('applicant-email')).toHaveText(app.email);
  await expectNoViolations(page, 'queue');

  // Part of the applicant's address, in any case, finds the application too.
  const mailbox = app.email.slice(0, app.email.indexOf('@')).toUpperCase();
  await searchQueue(page, { q: mailbox });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('link', { name: app.reference })).toBeVisible();
  await expect(statusLinks).toHaveText([/^All statuses\s*1$/, /^Submitted\s*1$/]);

  await rows.getByRole('link', { name: app.reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Application ${app.reference}`);
  await expect(page.getByTestId('next-actor')).toHaveText('Admissions (us)');
  await expect(page.getByTestId('applicant-email').getByRole('link', { name: app.email })).toHaveAttribute(
    'href',
    `mailto:${app.email}`,
  );
  await expect(page.getByTestId('answers')).toContainText('Kings College Lagos: WAEC, 2017–2023');
  await expect(historyEntry(page, 'Submitted', 'Draft')).toHaveCount(1);
  await expectNoViolations(page, 'application');

  const passport = page.getByTestId('review-doc-passport');
  const open = passport.getByRole('link', { name: 'Open file Passport (passport.pdf), opens in a new tab' });
  await expect(open).toHaveAttribute('target', '_blank');
  const file = await page.request.get((await open.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body())).toEqual(pdfBytes('passport'));

  // The reject form by keyboard alone: open it, try it empty (the browser holds the post), then fill it.
  const reason = passport.getByLabel('Reason for rejecting the passport');
  const reject = passport.getByRole('button', { name: 'Reject Passport (passport.pdf)' });
  await passport.locator('summary').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(reason).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(reject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reason).toBeFocused();
  await page.keyboard.type('The scan is blurred; upload a sharper copy.');
  await page.keyboard.press('Tab');
  await expect(reject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('review-doc-passport').getByTestId('document-state')).toHaveText(
    'Rejected: The scan is blurred; upload a sharper copy.',
  );

  await page.getByLabel('Move to').selectOption({ label: 'Under review' });
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Under review');
  await expect(page.getByLabel('Move to').getByRole('option')).toHaveText([
    'Choose a status…',
    'Action required',
  ]);

  // Offers are decisions: conditions are required, and a rejected document stops the offer.
  const decision = page.getByTestId('decision-form');
  await expect(page.getByTestId('documents-gate')).toContainText('Passport was rejected');
  await decision.getByRole('radio', { name: /^Conditional offer/ }).check();
  await decision.getByLabel('Release to the applicant now').check();
  await decision.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('form-problem')).toHaveText('Please correct the highlighted field.');
  await expect(page.getByLabel('Offer conditions')).toBeFocused();
  await expectNoViolations(page, 'decision form with an error');
  await expect(decision.getByLabel('Release to the applicant now')).toBeChecked();
  await page.getByLabel('Offer conditions').fill('Achieve IELTS 6.5 overall before enrolment.');
  await decision.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('form-problem')).toContainText(
    'Every required document must be verified before an offer: English test certificate is not verified yet; Passport was rejected;',
  );
  await expect(page.getByTestId('status-badge')).toHaveText('Under review');
  // The panel names the same documents as the database's refusal, before anyone tries.
  await expect(page.getByTestId('documents-gate').getByRole('listitem')).toHaveText([
    'English test certificate is not verified yet',
    'Passport was rejected',
    'Portfolio is not verified yet',
    'Academic transcript is not verified yet',
  ]);
  await expect(page.getByLabel('Offer conditions')).toHaveValue(
    'Achieve IELTS 6.5 overall before enrolment.',
  );
  await decision
    .getByLabel(/^Override reason/)
    .fill('The school sent the passport copy directly; verified by phone.');
  await decision.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Conditional offer');
  await expect(page.getByTestId('offer-conditions')).toHaveText(
    'Achieve IELTS 6.5 overall before enrolment.',
  );
  await expect(historyEntry(page, 'Conditional offer', 'Under review')).toHaveCount(1);

  await page.getByLabel('New internal note').fill('Spoke to the school: the transcript is genuine.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('notes')).toContainText('Spoke to the school: the transcript is genuine.');

  await page.getByLabel('Assigned to').selectOption({ value: staff.id });
  await page.getByRole('button', { name: 'Save reviewer' }).click();
  await expect(page.getByTestId('reviewer')).toHaveText(staff.email);
  await expectNoViolations(page, 'application after review');

  await applicantPage.goto('/applications');
  const card = applicantPage.getByTestId('application').filter({ hasText: app.reference });
  await expect(card.getByTestId('doc-passport')).toContainText(
    'Rejected: The scan is blurred; upload a sharper copy.',
  );
  await expect(card.getByTestId('status-badge')).toHaveText('Conditional offer');
  await expect(card).toContainText('Achieve IELTS 6.5 overall before enrolment.');
  await expect(applicantPage.locator('body')).not.toContainText('Spoke to the school');
  await applicantContext.close();

  await page.goto(`/admin/applications?assigned=me&q=${app.reference}`);
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
  await expect(page.getByTestId('queue-row')).toContainText(staff.email);
  await page.goto(`/admin/applications?assigned=unassigned&q=${app.reference}`);
  await expect(page.getByTestId('queue-empty')).toContainText('No applications match these filters.');
  await expect(statusLinks).toHaveText([/^All statuses\s*0$/]);
  await searchQueue(page, { q: app.reference, status: 'Conditional offer', course: 'Ashcombe' });
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
  await expect(statusLinks).toHaveText([/^All statuses\s*1$/, /^Conditional offer\s*1$/]);
  const term = (await page.getByTestId('queue-row').locator('td:nth-child(5)').textContent())?.trim() ?? '';
  await page.goto(`/admin/applications?q=${app.reference}&intake=${encodeURIComponent(term.toLowerCase())}`);
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
  await page.goto(`/admin/applications?q=${app.reference}&intake=Winter+1999`);
  await expect(page.getByTestId('queue-row')).toHaveCount(0);
  await searchQueue(page, { q: app.reference, status: 'Submitted' });
  await expect(page.getByTestId('queue-row')).toHaveCount(0);
  await searchQueue(page, { q: app.reference, course: 'no such university anywhere' });
  await expect(page.getByTestId('queue-empty')).toBeVisible();
  await expectNoViolations(page, 'empty queue');
});

/**
 * Posts a review form as a script would, with the page's CSRF token and the version it shows but
 * without the browser's checks.
 */
async function postReview(page: Page, applicationId: string, form: Record<string, string>) {
  const csrf = await page.locator('input[name="csrf_token"]').first().inputValue();
  const version = await page.locator('input[name="version"]').first().inputValue();
  return page.request.post(`/admin/applications/${applicationId}`, {
    form: { csrf_token: csrf, version, ...form },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
}

test('the server refuses what the forms would not send', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(90_000);
  const app = await submittedByNewApplicant(browser, baseURL);
  await signInStaff(context, baseURL ?? '', 'admin');
  await page.goto(`/admin/applications/${app.applicationId}`);
  const passport = app.documents['passport'] ?? '';

  const noReason = await postReview(page, app.applicationId, {
    intent: 'review-document',
    document_id: passport,
    status: 'rejected',
    reason: '   ',
  });
  expect(noReason.status()).toBe(422);
  expect(await noReason.text()).toContain('Say why the document is rejected');
  const skipAhead = await postReview(page, app.applicationId, {
    intent: 'transition',
    to_status: 'enrolled',
  });
  expect(skipAhead.status()).toBe(422);
  expect(await skipAhead.text()).toContain('Cannot move an application from submitted to enrolled.');
  const applicantsMove = await postReview(page, app.applicationId, {
    intent: 'transition',
    to_status: 'accepted',
  });
  expect(applicantsMove.status()).toBe(422);
  const offerAsMove = await postReview(page, app.applicationId, {
    intent: 'transition',
    to_status: 'offer_unconditional',
  });
  expect(offerAsMove.status()).toBe(422);
  const notUnderReview = await postReview(page, app.applicationId, {
    intent: 'decide',
    outcome: 'offer_unconditional',
    release: 'yes',
  });
  expect(notUnderReview.status()).toBe(422);
  expect(await notUnderReview.text()).toContain(
    'An application that is submitted cannot get the decision “Unconditional offer”.',
  );
  const reasonless = await postReview(page, app.applicationId, { intent: 'decide', outcome: 'rejected' });
  expect(reasonless.status()).toBe(422);
  expect(await reasonless.text()).toContain('Choose the reason for “Unsuccessful” from the list.');
  const noVersion = await postReview(page, app.applicationId, {
    intent: 'assign',
    assignee: '',
    version: '',
  });
  expect(noVersion.status()).toBe(422);
  expect(await noVersion.text()).toContain('This form does not say which version of the application');
  const otherApplication = await postReview(page, app.applicationId, {
    intent: 'review-document',
    document_id: '00000000-0000-4000-8000-000000000000',
    status: 'verified',
  });
  expect(otherApplication.status()).toBe(404);
  const assignOutsider = await postReview(page, app.applicationId, {
    intent: 'assign',
    assignee: app.id,
  });
  expect(assignOutsider.status()).toBe(422);
  expect(await assignOutsider.text()).toContain('Applications can only be assigned to admissions staff.');

  await page.reload();
  await expect(page.getByTestId('status-badge')).toHaveText('Submitted');
  await expect(page.getByTestId('review-doc-passport').getByTestId('document-state')).toHaveText(
    'Not checked yet',
  );
  await expect(page.getByTestId('reviewer')).toHaveText('Unassigned');

  const current = await page.locator('input[name="version"]').first().inputValue();
  const verified = await postReview(page, app.applicationId, {
    intent: 'review-document',
    document_id: passport,
    status: 'verified',
  });
  expect(verified.status()).toBe(303);
  const again = await postReview(page, app.applicationId, {
    intent: 'review-document',
    document_id: passport,
    status: 'uploaded',
    version: current,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('changed this application at');
  expect(await again.text()).toContain('(marked the passport verified)');
  expect(verified.headers()['location']).toBe(`/admin/applications/${app.applicationId}#documents`);
  const unknown = await postReview(page, '6b1f0c3a-7d2e-4f5a-9b8c-0d1e2f3a4b5c', {
    intent: 'add-note',
    body: 'Lost note',
  });
  expect(unknown.status()).toBe(404);
});

test('a counsellor works the queue; a note is deleted only by its author', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const app = await submittedByNewApplicant(browser, baseURL);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInStaff(adminContext, baseURL ?? '', 'admin');
  await adminPage.goto(`/admin/applications/${app.applicationId}`);
  await adminPage.getByLabel('New internal note').fill('Admin note: check the reference letter.');
  await adminPage.getByRole('button', { name: 'Add note' }).click();
  await expect(adminPage.getByTestId('notes')).toContainText('Admin note');
  await adminContext.close();

  await signInStaff(context, baseURL ?? '', 'counsellor');
  await page.goto('/admin/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).not.toContainText('Users and roles');
  await page.getByLabel('Reference, applicant name or e-mail').fill(app.reference);
  await page.getByLabel('Reference, applicant name or e-mail').press('Enter');
  await page.getByRole('link', { name: app.reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Application ${app.reference}`);
  await expect(page.getByRole('button', { name: /^Delete note/ })).toHaveCount(0);
  const adminNote = page.getByTestId('notes').getByRole('listitem');
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('reviewer')).not.toHaveText('Unassigned');
  await page.getByLabel('New internal note').fill('Counsellor note: called the applicant.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(adminNote).toHaveCount(2);
  const own = adminNote.filter({ hasText: 'Counsellor note' });
  await expect(own).toContainText('You');
  await own.getByRole('button', { name: /^Delete note/ }).click();
  await expect(adminNote).toHaveCount(1);
  await expect(page.getByTestId('notes')).toContainText('Admin note');
});

test('the queue sorts by column and says how it is sorted', async ({ page, context, baseURL }) => {
  await signInStaff(context, baseURL ?? '', 'admin');
  await page.goto('/admin/applications');
  const header = (name: string) => page.getByRole('columnheader', { name: new RegExp(`^${name}`) });
  await expect(header('Submitted')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('Reference')).not.toHaveAttribute('aria-sort', /.+/);
  await header('Reference').getByRole('link').click();
  await expect(page).toHaveURL(/sort=reference/);
  await expect(header('Reference')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('Submitted')).not.toHaveAttribute('aria-sort', /.+/);
  const ascending = await page.getByTestId('queue-row').locator('td:nth-child(2)').allTextContents();
  expect(ascending.length).toBeGreaterThan(0);
  expect(ascending).toEqual([...ascending].sort());
  await header('Reference').getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(header('Reference')).toHaveAttribute('aria-sort', 'descending');
  const descending = await page.getByTestId('queue-row').locator('td:nth-child(2)').allTextContents();
  expect(descending).toEqual([...descending].sort().reverse());
  await page.goto('/admin/applications?sort=deadline&dir=desc');
  await expect(header('Deadline')).toHaveAttribute('aria-sort', 'descending');
  const deadlines = await page
    .getByTestId('queue-row')
    .locator('td:nth-child(6) time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(deadlines.length).toBeGreaterThan(0);
  expect(deadlines).toEqual([...deadlines].sort().reverse());
  await page.goto('/admin/applications?page=999');
  await expect(page.getByTestId('queue-empty')).toContainText('There is no page 999');
});

test('only staff see the queue and the review screen; unknown ids are not found', async ({
  page,
  context,
  baseURL,
}) => {
  const app = await submittedApplication(context, baseURL ?? '');
  for (const path of ['/admin/applications', `/admin/applications/${app.applicationId}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('body')).not.toContainText(app.reference);
  }
  const service = await serviceClient();
  await service.from('user_roles').insert({ user_id: app.id, role: 'counsellor' });
  await refreshBrowserSession(context, baseURL ?? '');
  for (const path of [
    '/admin/applications/not-a-uuid',
    '/admin/applications/6b1f0c3a-7d2e-4f5a-9b8c-0d1e2f3a4b5c',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  expect((await page.goto(`/admin/applications/${app.applicationId}`))?.status()).toBe(200);
});
