import { expect, test } from '@playwright/test';
import { hydrated, pdfBytes, signInNewApplicant, staffClient, submitThroughApi } from './support.ts';

test('a rejected document shows its reason and takes a re-upload; an offer is accepted after confirming', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const { id, documents } = await submitThroughApi(applicant.email, applicant.id);
  const staff = await staffClient();
  const passport = documents['passport'] ?? '';
  expect(
    (
      await staff.rpc('review_document', {
        document_id: passport,
        status: 'rejected',
        reason: 'The scan is blurred.',
      })
    ).error,
  ).toBeNull();
  expect(
    (await staff.rpc('transition_application', { application_id: id, to_status: 'under_review' })).error,
  ).toBeNull();
  expect(
    (
      await staff.rpc('transition_application', {
        application_id: id,
        to_status: 'offer_unconditional',
        note: 'Congratulations!',
      })
    ).error,
  ).toBeNull();

  await page.goto('/applications');
  await hydrated(page);
  const card = page.getByTestId('application');
  await expect(card.getByTestId('status-badge')).toHaveText('Unconditional offer');
  await expect(card.getByTestId('next-actor')).toHaveText('You');
  await expect(card.getByTestId('timeline')).toContainText('Congratulations!');
  const rejected = card.getByTestId('doc-passport');
  await expect(rejected).toContainText('Rejected: The scan is blurred.');

  await rejected.getByTestId('document-passport').scrollIntoViewIfNeeded();
  await hydrated(page);
  await rejected.getByLabel('Upload a new passport').setInputFiles({
    name: 'passport-clear.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('clear scan'),
  });
  await expect(page.getByTestId('doc-passport')).toContainText('passport-clear.pdf');
  await expect(page.getByTestId('doc-passport')).toContainText('Received, not checked yet');
  await expect(page.getByTestId('doc-passport')).not.toContainText('blurred');

  await hydrated(page);
  await card.getByRole('button', { name: 'Accept offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this offer?' });
  await dialog.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Offer accepted');
  await expect(page.getByTestId('timeline')).toContainText('Offer accepted');
});
