import { hydrated } from '../islands.ts';
import { expect, test } from '@playwright/test';
import { pdfBytes } from '../applications/support.ts';
import { applicationUnderReview, mailOfKind } from './decision-support.ts';
import { expectNoViolations, signInStaff } from './support.ts';

test('a rejected document reaches the applicant by e-mail, naming it and the reason; its link leads to the re-upload, which sends the application back to review', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const applicantContext = await browser.newContext();
  const app = await applicationUnderReview(applicantContext, baseURL, ['passport']);
  const staffContext = await browser.newContext();
  await signInStaff(staffContext, baseURL, 'counsellor');
  const staff = await staffContext.newPage();

  const reason = `The photo page is cut off at the bottom (${app.reference}).`;
  await staff.goto(`/admin/applications/${app.applicationId}`);
  const passport = staff.getByTestId('review-doc-passport');
  await passport.locator('summary').click();
  await passport.getByLabel('Reason for rejecting the passport').fill(reason);
  await passport.getByRole('button', { name: /^Reject Passport/ }).click();
  await expect(staff.getByTestId('review-doc-passport').getByTestId('document-state')).toHaveText(
    `Rejected: ${reason}`,
  );

  const letter = await mailOfKind(app.email, 'document_rejected');
  expect(letter.subject).toBe(`Please upload a new passport: ${app.reference}`);
  expect(letter.text).toContain('could not accept it');
  expect(letter.text).toContain(`The reason: ${reason}`);
  const link = /https?:\/\/\S+#documents-[0-9a-f-]{36}/.exec(letter.text)?.[0] ?? '';
  expect(link).toBe(
    `${new URL(baseURL ?? '').origin}/applications/${app.applicationId}#documents-${app.applicationId}`,
  );

  expect(letter.html).toContain(`<a href="${link}">Upload a new passport</a>`);
  expect(letter.html).toContain(`The reason: ${reason}`);

  // Asking for action says what is needed: the request, and each document with its reason.
  await staff.getByLabel('Move to').selectOption({ label: 'Action required' });
  await staff.getByLabel('Note to the applicant').fill('Please send the whole photo page & a transcript.');
  await staff.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByTestId('status-badge')).toHaveText('Action required');
  const request = await mailOfKind(app.email, 'application_action_required');
  expect(request.subject).toBe(`Action needed on your application ${app.reference}`);
  expect(request.text).toContain('Please send the whole photo page & a transcript.');
  expect(request.text).toContain(`- Passport: not accepted (${reason}). Upload a new one.`);
  expect(request.html).toContain('Please send the whole photo page &amp; a transcript.');
  expect(request.html).toContain(`<li>Passport: not accepted (${reason}). Upload a new one.</li>`);

  const mine = await applicantContext.newPage();
  await mine.goto(link);
  await hydrated(mine);
  await expect(mine.locator(`#documents-${app.applicationId}`)).toBeInViewport();
  const slot = mine.getByTestId('doc-passport');
  await expect(slot).toContainText(`Rejected: ${reason}`);
  await expectNoViolations(mine, 'the re-upload the letter links to');
  await slot.getByLabel('Upload a new passport').setInputFiles({
    name: 'passport-whole-page.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('whole page'),
  });
  await expect(mine.getByTestId('doc-passport')).toContainText('passport-whole-page.pdf');
  await expect(mine.getByTestId('doc-passport')).toContainText('Received, not checked yet');

  // Everything the request asked for is in: the application is back with admissions by itself.
  await mine.reload();
  await expect(mine.getByTestId('status-badge').first()).toHaveText('Under review');
  await staff.reload();
  await expect(staff.getByTestId('review-doc-passport')).toContainText('passport-whole-page.pdf');
  await expect(staff.getByTestId('status-badge').first()).toHaveText('Under review');
  await staffContext.close();
  await applicantContext.close();
});
