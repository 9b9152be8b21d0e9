import { expect, test, type Page } from '@playwright/test';
import { hydrated, staffClient } from '../applications/support.ts';
import {
  applicationUnderReview,
  applicationUnderReviewBy,
  decisionsOf,
  fillDecision,
  letterDate,
  mailOfKind,
  mailTo,
  queuedLetters,
  timelineTitles,
} from './decision-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

const CONDITIONS = 'Achieve IELTS 6.5 overall, with no band below 6.0, before 31 July.';

/** The applicant's card on /applications, after the page has hydrated. */
async function applicantCard(page: Page, reference: string) {
  await page.goto('/applications');
  await hydrated(page);
  return page.getByTestId('application').filter({ hasText: reference });
}

test('rolling release: a counsellor recommends, the applicant sees nothing until an administrator releases', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const applicantContext = await browser.newContext();
  const app = await applicationUnderReview(applicantContext, baseURL);
  const counsellor = await signInStaff(context, baseURL, 'counsellor');

  await page.goto(`/admin/applications/${app.applicationId}`);
  await expect(page.getByTestId('documents-gate')).toHaveText(/every required document is verified/);
  await expect(page.getByTestId('release-note')).toContainText('Your decision is a recommendation');
  await expect(page.getByLabel(/^Override reason/)).toHaveCount(0);
  await fillDecision(page, 'Conditional offer', { conditions: CONDITIONS });
  await page.getByRole('button', { name: 'Recommend decision' }).click();
  await expect(page.getByTestId('pending-state')).toHaveText(
    'Recommended, awaiting an administrator’s approval',
  );
  await expect(page.getByTestId('status-badge').first()).toHaveText('Under review');
  await expect(page.getByTestId('pending-decision').getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  const unreleased = page
    .getByTestId('history')
    .getByRole('listitem')
    .filter({ hasText: 'Recommended: Conditional offer' });
  await expect(unreleased.getByTestId('unreleased')).toHaveText(
    'Not released: the applicant does not see this',
  );
  await expect(unreleased).toContainText(counsellor.email);
  await expectNoViolations(page, 'review screen with a pending decision');

  const applicantPage = await applicantContext.newPage();
  const card = await applicantCard(applicantPage, app.reference);
  await expect(card.getByTestId('status-badge')).toHaveText('Under review');
  await expect(card.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
  await expect(card).not.toContainText(CONDITIONS);
  expect(await queuedLetters(app.applicationId)).toEqual([]);
  expect((await mailTo(app.email)).filter((mail) => mail.kind.startsWith('decision_'))).toEqual([]);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const approver = await signInStaff(adminContext, baseURL, 'admin');
  await admin.goto(`/admin/applications/${app.applicationId}`);
  const pending = admin.getByTestId('pending-decision');
  await expect(pending).toContainText(CONDITIONS);
  await expect(pending).toContainText(`by ${counsellor.email}`);
  await pending.getByRole('button', { name: 'Approve and release' }).click();
  await expect(admin.getByTestId('pending-decision')).toHaveCount(0);
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Conditional offer');
  expect(await timelineTitles(admin)).toEqual([
    'Submitted',
    'Under review',
    'Recommended: Conditional offer',
    'Approved: Conditional offer',
    'Released to the applicant: Conditional offer',
    'Conditional offer',
  ]);
  await expect(admin.getByTestId('history').getByTestId('unreleased')).toHaveCount(0);
  await expect(
    admin.getByTestId('history').getByRole('listitem').filter({ hasText: 'Approved: Conditional offer' }),
  ).toContainText(approver.email);

  const released = await applicantCard(applicantPage, app.reference);
  await expect(released.getByTestId('status-badge')).toHaveText('Conditional offer');
  await expect(released.getByRole('button', { name: 'Accept offer' })).toBeVisible();
  await expect(released).toContainText(CONDITIONS);
  const service = await serviceClient();
  const { data } = await service.from('applications').select('reply_by').eq('id', app.applicationId).single();
  const letter = await mailOfKind(app.email, 'decision_offer_conditional');
  expect(letter.subject).toBe(`Your conditional offer: ${app.reference}`);
  expect(letter.text).toContain(CONDITIONS);
  expect(letter.text).toContain(`by ${letterDate((data as { reply_by: string }).reply_by)}`);
  await adminContext.close();
  await applicantContext.close();
});

/** A conditional offer released with the service-made administrator's token, as if decided earlier. */
async function conditionalOffer(applicationId: string) {
  const staff = await staffClient();
  const service = await serviceClient();
  const { data } = await service.from('applications').select('version').eq('id', applicationId).single();
  const { error } = await staff.rpc('decide_application', {
    application_id: applicationId,
    expected_version: (data as { version: number }).version,
    outcome: 'offer_conditional',
    conditions: CONDITIONS,
    release: true,
  });
  if (error) throw new Error(`offer failed: ${error.message}`);
}

test('conditions met confirm the place; conditions not met close it with the public reason only', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const applicantContext = await browser.newContext();
  const accepted = await applicationUnderReview(applicantContext, baseURL);
  await conditionalOffer(accepted.applicationId);
  const applicantPage = await applicantContext.newPage();
  const card = await applicantCard(applicantPage, accepted.reference);
  await card.getByRole('button', { name: 'Accept offer' }).click();
  await applicantPage
    .getByRole('dialog', { name: 'Accept this offer?' })
    .getByRole('button', { name: 'Accept offer' })
    .click();
  await expect(applicantPage.getByTestId('status-badge')).toHaveText('Accepted, conditions pending');

  await signInStaff(context, baseURL, 'admin');
  await page.goto(`/admin/applications/${accepted.applicationId}`);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Accepted, conditions pending');
  await expect(page.getByTestId('no-status-moves')).toBeVisible();
  await fillDecision(page, 'Conditions met', { release: true });
  await page.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Offer accepted');
  const met = await mailOfKind(accepted.email, 'decision_conditions_met');
  expect(met.text).toContain('Your place is confirmed.');
  await page.getByLabel('Move to').selectOption({ label: 'Enrolled' });
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Enrolled');
  await applicantContext.close();

  const unmet = await applicationUnderReviewBy(browser, baseURL);
  await conditionalOffer(unmet.applicationId);
  await page.goto(`/admin/applications/${unmet.applicationId}`);
  const wording = 'Your final results did not meet the academic conditions of your offer.';
  const detail = 'Maths A-level grade C against the required B; the school confirmed by phone.';
  await fillDecision(page, 'Conditions not met', { reason: wording, detail, release: true });
  await page.getByRole('button', { name: 'Save decision' }).click();
  const confirmation = page.getByTestId('decision-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Confirm: Conditions not met' })).toBeFocused();
  await expect(confirmation.getByTestId('letter-preview')).toContainText(`The reason: ${wording}`);
  await expect(confirmation.getByTestId('letter-preview')).not.toContainText(detail);
  await expect(confirmation.getByTestId('decision-consequences')).toContainText(
    'The applicant loses their place on the course',
  );
  await expect(confirmation.getByTestId('decision-consequences')).toContainText(
    'Once released it cannot be undone.',
  );
  expect(await decisionsOf(unmet.applicationId)).toHaveLength(1);
  await expectNoViolations(page, 'decision confirmation step');
  await confirmation.getByRole('button', { name: 'Confirm conditions not met' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Unsuccessful');
  await expect(page.getByTestId('outcome-reason')).toHaveText(wording);
  const letter = await mailOfKind(unmet.email, 'decision_conditions_not_met');
  expect(letter.text).toContain(`The reason: ${wording}`);
  expect(letter.text).not.toContain(detail);
  expect(letter.text).not.toContain('Maths');
});

test('an offer before every document is verified: refused for a counsellor, made by an administrator with an override', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = await applicationUnderReviewBy(browser, baseURL, ['passport']);
  await signInStaff(context, baseURL, 'counsellor');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await expect(page.getByTestId('documents-gate')).toContainText('Passport is not verified yet');
  await fillDecision(page, 'Unconditional offer');
  await page.getByRole('button', { name: 'Recommend decision' }).click();
  await expect(page.getByTestId('form-problem')).toContainText(
    'Every required document must be verified before an offer: Passport is not verified yet.',
  );
  await expect(
    page.getByTestId('decision-form').getByRole('radio', { name: /^Unconditional offer/ }),
  ).toBeChecked();
  expect(await decisionsOf(app.applicationId)).toEqual([]);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInStaff(adminContext, baseURL, 'admin');
  await admin.goto(`/admin/applications/${app.applicationId}`);
  const override = 'Passport seen in person at the London office on 20 November.';
  await fillDecision(admin, 'Unconditional offer', { override, release: true });
  await admin.getByRole('button', { name: 'Save decision' }).click();
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Unconditional offer');
  const decided = admin
    .getByTestId('history')
    .getByRole('listitem')
    .filter({ hasText: 'Decided: Unconditional offer' });
  await expect(decided).toContainText(`Override reason: ${override}`);
  expect(await decisionsOf(app.applicationId)).toEqual([
    expect.objectContaining({ outcome: 'offer_unconditional', state: 'released', override_reason: override }),
  ]);
  await adminContext.close();
});

test('the decision form works by keyboard alone, through the confirmation and back', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = await applicationUnderReviewBy(browser, baseURL);
  await signInStaff(context, baseURL, 'admin');
  await page.goto(`/admin/applications/${app.applicationId}`);
  const form = page.getByTestId('decision-form');
  const first = form.getByRole('radio', { name: /^Conditional offer/ });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: /^Unsuccessful/ })).toBeChecked();
  await expect(form.getByLabel('Offer conditions')).toBeHidden();
  await page.keyboard.press('Tab');
  const reasons = form.getByTestId('reasons-rejected').getByRole('radio');
  await expect(reasons.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(reasons.nth(1)).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Private detail (optional)')).toBeFocused();
  await page.keyboard.type('Writing band 5.0.');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Release to the applicant now')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Save decision' })).toBeFocused();
  await page.keyboard.press('Enter');

  const confirmation = page.getByTestId('decision-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Confirm: Unsuccessful' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(confirmation.getByRole('button', { name: 'Go back and change it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('radio', { name: /^Unsuccessful/ })).toBeFocused();
  await expect(form.getByLabel('Private detail (optional)')).toHaveValue('Writing band 5.0.');
  await expect(reasons.nth(1)).toBeChecked();
  await expect(form.getByLabel('Release to the applicant now')).toBeChecked();
  expect(await decisionsOf(app.applicationId)).toEqual([]);

  await form.getByRole('button', { name: 'Save decision' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirmation.getByRole('heading', { name: 'Confirm: Unsuccessful' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirmation.getByRole('button', { name: 'Confirm unsuccessful' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Unsuccessful');
  expect(await decisionsOf(app.applicationId)).toEqual([
    expect.objectContaining({ outcome: 'rejected', state: 'released', reason_detail: 'Writing band 5.0.' }),
  ]);
});
