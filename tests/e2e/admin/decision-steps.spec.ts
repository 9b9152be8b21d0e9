import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { COURSE } from '../applications/support.ts';
import {
  applicationUnderReviewBy,
  decisionsOf,
  fillDecision,
  mailOfKind,
  queuedLetters,
  timelineTitles,
} from './decision-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

test('a counsellor takes back a recommendation; an administrator approves now and releases later', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = await applicationUnderReviewBy(browser, baseURL);
  await signInStaff(context, baseURL, 'counsellor');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await fillDecision(page, 'Waitlist');
  await page.getByRole('button', { name: 'Recommend decision' }).click();
  const pending = page.getByTestId('pending-decision');
  await expect(pending).toContainText('Pending decision: Waitlist');
  await expect(page.getByTestId('no-decision')).toContainText('A decision is pending');
  await pending.locator('summary').click();
  await pending
    .getByLabel('Why it is cancelled (optional, staff only)')
    .fill('Recommended on the wrong application.');
  await pending.getByRole('button', { name: 'Cancel decision' }).click();
  await expect(page.getByTestId('pending-decision')).toHaveCount(0);
  const cancelled = page
    .getByTestId('history')
    .getByRole('listitem')
    .filter({ hasText: 'Cancelled: Waitlist' });
  await expect(cancelled).toContainText('Note: Recommended on the wrong application.');

  await fillDecision(page, 'Unconditional offer');
  await page.getByRole('button', { name: 'Recommend decision' }).click();
  await expect(page.getByTestId('pending-state')).toHaveText(
    'Recommended, awaiting an administrator’s approval',
  );

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInStaff(adminContext, baseURL, 'admin');
  await admin.goto(`/admin/applications/${app.applicationId}`);
  await admin.getByTestId('pending-decision').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByTestId('pending-state')).toHaveText('Approved, not released');
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Under review');
  expect(await queuedLetters(app.applicationId)).toEqual([]);
  await admin.getByRole('button', { name: 'Release to the applicant' }).click();
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Unconditional offer');
  expect(await timelineTitles(admin)).toEqual([
    'Submitted',
    'Under review',
    'Recommended: Waitlist',
    'Cancelled: Waitlist',
    'Recommended: Unconditional offer',
    'Approved: Unconditional offer',
    'Released to the applicant: Unconditional offer',
    'Unconditional offer',
  ]);
  const letter = await mailOfKind(app.email, 'decision_offer_unconditional');
  expect(letter.subject).toBe(`Your offer: ${app.reference}`);
  await adminContext.close();
});

test('on a batch intake a decision is held until decisions are published', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const app = await applicationUnderReviewBy(browser, baseURL);
  const service = await serviceClient();
  const year = new Date().getUTCFullYear() + 2;
  const { data: intake, error } = await service
    .from('intakes')
    .insert({
      course_id: COURSE.id,
      term: `Batch ${randomBytes(3).toString('hex')}`,
      start_date: `${year}-09-20`,
      deadline: `${year}-06-30`,
      reply_by: `${year}-07-31`,
      status: 'open',
      release_mode: 'batch',
    })
    .select('id')
    .single();
  if (error) throw new Error(`intake failed: ${error.message}`);
  const moved = await service
    .from('applications')
    .update({ intake_id: (intake as { id: string }).id })
    .eq('id', app.applicationId);
  if (moved.error) throw new Error(`moving failed: ${moved.error.message}`);

  await signInStaff(context, baseURL, 'admin');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await expect(page.getByTestId('release-mode')).toHaveText(
    'Batch: decisions are held until the intake’s decisions are published.',
  );
  await expect(page.getByTestId('release-note')).toHaveText(
    'Decisions on this intake are held until decisions are published: the applicant hears nothing before then.',
  );
  await expect(page.getByLabel('Release to the applicant now')).toHaveCount(0);
  await fillDecision(page, 'Waitlist');
  await page.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('pending-state')).toHaveText(
    'Approved, held until the intake’s decisions are published',
  );
  await expect(page.getByRole('button', { name: /Release/ })).toHaveCount(0);
  await expect(
    page.getByTestId('intake-places').locator('dt:text-is("Unreleased decisions") + dd'),
  ).toHaveText('1');
  await expect(page.getByTestId('history').getByTestId('unreleased')).toHaveCount(1);
  await expectNoViolations(page, 'review screen with a held decision');
  expect(await decisionsOf(app.applicationId)).toEqual([expect.objectContaining({ state: 'approved' })]);
  expect(await queuedLetters(app.applicationId)).toEqual([]);
});
