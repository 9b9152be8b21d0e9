import { expect, test } from '@playwright/test';
import { applicationUnderReviewBy, decisionsOf, fillDecision } from './decision-support.ts';
import { expectNoViolations, signInStaff } from './support.ts';

const REASON = 'Your English language score is below the minimum this course requires.';
const DETAIL = 'IELTS writing 5.0; the interview confirmed it.';

test('two tabs: a decision from a stale page is refused, names the change and keeps what was typed', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = await applicationUnderReviewBy(browser, baseURL);
  await signInStaff(context, baseURL, 'admin');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const colleague = await signInStaff(otherContext, baseURL, 'admin');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await other.goto(`/admin/applications/${app.applicationId}`);

  // This tab gets as far as the confirmation step…
  await fillDecision(page, 'Unsuccessful', { reason: REASON, detail: DETAIL, release: true });
  await page.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('decision-confirmation')).toBeVisible();

  // …while the colleague's tab puts the application on the waiting list.
  await fillDecision(other, 'Waitlist', { release: true });
  await other.getByRole('button', { name: 'Save decision' }).click();
  await expect(other.getByTestId('status-badge').first()).toHaveText('Waitlisted');

  await page.getByRole('button', { name: 'Confirm unsuccessful' }).click();
  const problem = page.getByTestId('form-problem');
  await expect(problem).toBeFocused();
  await expect(problem).toContainText('Not saved: someone changed this application after you opened it.');
  await expect(problem.getByTestId('conflict-message')).toContainText(
    new RegExp(
      `^${colleague.email.replace(/[.+]/g, '\\$&')} changed this application at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC \\(released the decision Waitlist\\), after you opened it\\.`,
    ),
  );
  await expect(page.getByTestId('status-badge').first()).toHaveText('Waitlisted');
  const form = page.getByTestId('decision-form');
  await expect(form.getByLabel('Private detail (optional)')).toHaveValue(DETAIL);
  await expect(form.getByRole('radio', { name: /^Unsuccessful/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: REASON })).toBeChecked();
  await expectNoViolations(page, 'review screen after a conflict');
  expect(await decisionsOf(app.applicationId)).toEqual([
    expect.objectContaining({ outcome: 'waitlisted', state: 'released', reason_detail: null }),
  ]);

  // The refused form now carries the current version: sent again, it goes through.
  await form.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('decision-confirmation')).toContainText(
    'The applicant leaves the waiting list.',
  );
  await page.getByRole('button', { name: 'Confirm unsuccessful' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Unsuccessful');
  expect(await decisionsOf(app.applicationId)).toEqual([
    expect.objectContaining({ outcome: 'waitlisted', state: 'released' }),
    expect.objectContaining({ outcome: 'rejected', state: 'released', reason_detail: DETAIL }),
  ]);
  await otherContext.close();
});

test('a form opened before a colleague’s change is refused at its first step, before any confirmation', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const app = await applicationUnderReviewBy(browser, baseURL);
  await signInStaff(context, baseURL, 'admin');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const colleague = await signInStaff(otherContext, baseURL, 'counsellor');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await other.goto(`/admin/applications/${app.applicationId}`);
  await other.getByRole('button', { name: 'Assign to me' }).click();
  await expect(other.getByTestId('reviewer')).toHaveText(colleague.email);

  await fillDecision(page, 'Unsuccessful', { reason: REASON, detail: DETAIL });
  await page.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('decision-confirmation')).toHaveCount(0);
  await expect(page.getByTestId('conflict-message')).toContainText(
    `${colleague.email} changed this application`,
  );
  await expect(page.getByTestId('conflict-message')).toContainText('(reviewer)');
  await expect(page.getByTestId('reviewer')).toHaveText(colleague.email);
  await expect(page.getByTestId('decision-form').getByLabel('Private detail (optional)')).toHaveValue(DETAIL);
  expect(await decisionsOf(app.applicationId)).toEqual([]);

  // A stale reviewer change is refused the same way, and keeps its choice.
  await page.goto(`/admin/applications/${app.applicationId}`);
  await other.getByLabel('Assigned to').selectOption({ label: 'Nobody (unassigned)' });
  await other.getByRole('button', { name: 'Save reviewer' }).click();
  await expect(other.getByTestId('reviewer')).toHaveText('Unassigned');
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('conflict-message')).toContainText(
    `${colleague.email} changed this application`,
  );
  await expect(page.getByTestId('reviewer')).toHaveText('Unassigned');
  await otherContext.close();
});

test('releasing a decision a colleague already released is refused, with their change named', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const app = await applicationUnderReviewBy(browser, baseURL);
  const first = await signInStaff(context, baseURL, 'admin');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await fillDecision(page, 'Waitlist', { release: false });
  await page.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByTestId('pending-state')).toHaveText('Approved, not released');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInStaff(otherContext, baseURL, 'admin');
  await other.goto(`/admin/applications/${app.applicationId}`);
  await page.getByRole('button', { name: 'Release to the applicant' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Waitlisted');

  await other.getByRole('button', { name: 'Release to the applicant' }).click();
  await expect(other.getByTestId('conflict-message')).toContainText(
    `${first.email} changed this application at`,
  );
  await expect(other.getByTestId('conflict-message')).toContainText('(released the decision Waitlist)');
  await expect(other.getByTestId('pending-decision')).toHaveCount(0);
  await expect(other.getByTestId('status-badge').first()).toHaveText('Waitlisted');
  expect(await decisionsOf(app.applicationId)).toEqual([expect.objectContaining({ state: 'released' })]);
  await otherContext.close();
});
