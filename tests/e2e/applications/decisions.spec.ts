import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  decide,
  hydrated,
  pdfBytes,
  reasonFor,
  reviewAndVerify,
  signInNewApplicant,
  staffClient,
  submitThroughApi,
  versionOf,
} from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CONDITIONS = 'Achieve IELTS Academic 6.5 overall and send your final certificate by 31 July 2027.';

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a rejected document shows its reason and takes a re-upload; once verified, an offer is accepted after confirming', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const { id, documents } = await submitThroughApi(applicant.email, applicant.id);
  const staff = await staffClient();
  const rejected = await staff.rpc('review_document', {
    document_id: documents['passport'] ?? '',
    status: 'rejected',
    expected_version: await versionOf(staff, id),
    reason: 'The scan is blurred.',
  });
  expect(rejected.error).toBeNull();
  // While a required document is rejected, no offer can be made without an administrator's override.
  await reviewAndVerify(staff, id, [documents['passport'] ?? '']);
  const refused = await staff.rpc('decide_application', {
    application_id: id,
    expected_version: await versionOf(staff, id),
    outcome: 'offer_unconditional',
    release: true,
  });
  expect(refused.error?.message).toContain(
    'Every required document must be verified before an offer: Passport was rejected.',
  );

  await page.goto('/applications');
  await hydrated(page);
  const card = page.getByTestId('application');
  await expect(card.getByTestId('status-badge')).toHaveText('Under review');
  const passport = card.getByTestId('doc-passport');
  await expect(passport).toContainText('Rejected: The scan is blurred.');
  await expect(card.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);

  await passport.getByTestId('document-passport').scrollIntoViewIfNeeded();
  await hydrated(page);
  await passport.getByLabel('Upload a new passport').setInputFiles({
    name: 'passport-clear.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('clear scan'),
  });
  await expect(page.getByTestId('doc-passport')).toContainText('passport-clear.pdf');
  await expect(page.getByTestId('doc-passport')).toContainText('Received, not checked yet');
  await expect(page.getByTestId('doc-passport')).not.toContainText('blurred');

  await reviewAndVerify(staff, id);
  expect((await decide(staff, id, 'offer_unconditional')).state).toBe('released');

  await page.reload();
  await hydrated(page);
  await expect(card.getByTestId('status-badge')).toHaveText('Unconditional offer');
  await expect(card.getByTestId('next-actor')).toHaveText('You');
  await expect(card.getByTestId('timeline')).toContainText('Unconditional offer made.');
  // The reply sits with the offer, above the timeline and documents; Withdraw stays at the foot.
  const accept = await card.getByRole('button', { name: 'Accept offer' }).boundingBox();
  const timeline = await card.getByTestId('timeline').boundingBox();
  const withdraw = await card.getByRole('button', { name: 'Withdraw' }).boundingBox();
  expect(accept && timeline && accept.y < timeline.y).toBe(true);
  expect(timeline && withdraw && timeline.y < withdraw.y).toBe(true);
  await card.getByRole('button', { name: 'Accept offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this offer?' });
  await dialog.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Offer accepted');
  await expect(page.getByTestId('timeline')).toContainText('Offer accepted');
});

test('a decision not yet released changes nothing the applicant sees', async ({ page, context, baseURL }) => {
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const { id } = await submitThroughApi(applicant.email, applicant.id);
  const staff = await staffClient();
  await reviewAndVerify(staff, id);
  expect(
    (await decide(staff, id, 'offer_conditional', { conditions: CONDITIONS, release: false })).state,
  ).toBe('approved');

  for (const path of ['/applications', `/applications/${id}`, '/dashboard']) {
    await page.goto(path);
    await expect(page.getByText('Under review').first()).toBeVisible();
    await expect(page.getByText(/offer/i)).toHaveCount(0);
    await expect(page.getByText(CONDITIONS)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
  }
});

test('an accepted conditional offer reads "Accepted, conditions pending" with its conditions until admissions confirm the place', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const { id } = await submitThroughApi(applicant.email, applicant.id);
  const staff = await staffClient();
  await reviewAndVerify(staff, id);
  await decide(staff, id, 'offer_conditional', { conditions: CONDITIONS });

  await page.goto(`/applications/${id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Conditional offer');
  await expect(page.getByTestId('offer-conditions')).toContainText('The conditions you must meet');
  await expect(page.getByTestId('offer-condition-1')).toContainText(`1. ${CONDITIONS}`);
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept offer' }).click();
  await page
    .getByRole('dialog', { name: 'Accept this offer?' })
    .getByRole('button', { name: 'Accept offer' })
    .click();

  await expect(page.getByTestId('status-badge')).toHaveText('Accepted, conditions pending');
  await expect(page.getByTestId('next-actor')).toHaveText('You');
  const outcome = page.getByTestId('outcome');
  await expect(outcome).toContainText('You accepted this conditional offer.');
  await expect(page.getByTestId('offer-condition-1')).toContainText(CONDITIONS);
  await expect(page.getByText('Meet the conditions of your offer.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Decline offer' })).toHaveCount(0);
  await expectNoViolations(page, 'accepted, conditions pending');

  await page.goto('/dashboard');
  const glance = page.getByRole('region', { name: 'Your applications' });
  await expect(glance).toContainText('Accepted, conditions pending');
  await expect(glance).toContainText('You: Meet the conditions of your offer.');

  expect((await decide(staff, id, 'conditions_met')).state).toBe('released');
  await page.goto(`/applications/${id}`);
  await expect(page.getByTestId('status-badge')).toHaveText('Offer accepted');
  await expect(page.getByTestId('outcome')).toContainText(
    'You met the conditions of your offer: your place is confirmed.',
  );
  await expect(page.getByTestId('offer-conditions')).toContainText(/^Conditions met on \d{1,2} \w{3} \d{4}/);
  await expect(page.getByTestId('timeline')).toContainText('The conditions of the offer were met.');
  await expectNoViolations(page, 'conditions met');
});

test('an offer withdrawn and an unsuccessful outcome give the public reason only, and close the application', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await staffClient();
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const { id } = await submitThroughApi(applicant.email, applicant.id);
  await reviewAndVerify(staff, id);
  await decide(staff, id, 'offer_unconditional');
  const withdrawn = await reasonFor(staff, 'offer_withdrawn');
  await decide(staff, id, 'offer_withdrawn', {
    reason_id: withdrawn.id,
    reason_detail: 'PRIVATE: the sponsor letter looked altered.',
  });

  await page.goto(`/applications/${id}`);
  await hydrated(page);
  await expect(page.getByTestId('status-badge')).toHaveText('Offer withdrawn');
  await expect(page.getByTestId('outcome-reason')).toHaveText(
    `Why the offer was withdrawn${withdrawn.wording}`,
  );
  await expect(page.getByText('PRIVATE')).toHaveCount(0);
  // Nothing is left to answer or withdraw; only the conversation with admissions stays open.
  await expect(
    page.getByTestId('application').locator('button:not([data-testid="message-form"] button)'),
  ).toHaveCount(0);
  await expect(page.getByTestId('application').getByTestId('message-form')).toBeVisible();
  await expectNoViolations(page, 'offer withdrawn');

  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const second = await signInNewApplicant(other, baseURL ?? '');
  const { id: secondId } = await submitThroughApi(second.email, second.id);
  await reviewAndVerify(staff, secondId);
  const rejected = await reasonFor(staff, 'rejected');
  await decide(staff, secondId, 'rejected', {
    reason_id: rejected.id,
    reason_detail: 'PRIVATE: ranked 41st.',
  });
  const page2 = await other.newPage();
  await page2.goto('/applications');
  await expect(page2.getByTestId('status-badge')).toHaveText('Unsuccessful');
  await expect(page2.getByTestId('outcome-reason')).toHaveText(
    `Why the application was unsuccessful${rejected.wording}`,
  );
  await expect(page2.getByText('PRIVATE')).toHaveCount(0);
  await expect(page2.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await expectNoViolations(page2, 'unsuccessful');
  await other.close();
});
