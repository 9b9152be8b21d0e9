import { expect, test, type Page } from '@playwright/test';
import { staffClient } from '../applications/support.ts';
import {
  counsellorClient,
  decide,
  decisionsOn,
  expectMail,
  reasonFor,
  runToken,
  statusOf,
  underReview,
  versionOf,
  type Reviewed,
} from './bulk-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

const bulkRow = (page: Page, app: Reviewed) =>
  page.getByTestId('bulk-row').filter({ hasText: app.reference });
const tick = (page: Page, app: Reviewed) =>
  page.getByRole('checkbox', { name: `Select ${app.reference}, ${app.name}` });

test('a bulk offer goes to the applications whose documents are verified; the one without is refused on its own', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = runToken();
  const [first, second, unverified] = await Promise.all([
    underReview(browser, baseURL, `${token} Ada`),
    underReview(browser, baseURL, `${token} Ben`),
    underReview(browser, baseURL, `${token} Cy`, false),
  ]);
  const ready = [first, second];
  const all = [...ready, unverified];
  await signInStaff(context, baseURL, 'admin');

  await page.goto(`/admin/applications?q=${token}`);
  await expect(page.getByTestId('queue-row')).toHaveCount(3);
  for (const app of all) {
    await tick(page, app).focus();
    await page.keyboard.press('Space');
    await expect(tick(page, app)).toBeChecked();
  }
  // The console's sticky header covers whatever scrolled beneath it; axe would count that against the rows.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoViolations(page, 'queue with a selection');
  await page.getByLabel('Decision', { exact: true }).selectOption({ label: 'Unconditional offer' });
  // The offers' reply-by date, chosen with the decision.
  const replyBy = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Reply by (offers, optional)').fill(replyBy);
  await page.getByRole('button', { name: 'Preview the decision' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check before you confirm');
  await expect(page.getByTestId('bulk-summary-items')).toContainText(
    `Reply by${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${replyBy}T00:00:00Z`))}`,
  );
  await expect(page.getByTestId('bulk-preview-summary')).toHaveText(
    '2 of 3 applications will change; 1 will be refused and left as it is.',
  );
  await expect(bulkRow(page, unverified).getByTestId('bulk-verdict')).toHaveText('Will be refused');
  await expect(bulkRow(page, unverified)).toContainText(
    'Every required document must be verified before an offer: ',
  );
  for (const app of ready)
    await expect(bulkRow(page, app).getByTestId('bulk-verdict')).toHaveText('Will change');
  expect(await decisionsOn(all.map((app) => app.applicationId))).toEqual([]);
  await expectNoViolations(page, 'preview');

  await page.getByRole('button', { name: 'Make 2 decisions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bulk-results-summary')).toHaveText('2 done, 1 refused.');
  for (const app of ready) {
    await expect(bulkRow(page, app).getByTestId('bulk-verdict')).toHaveText('Done');
    await expect(bulkRow(page, app).getByTestId('bulk-message')).toHaveText(
      'Decided “Unconditional offer”; not released yet.',
    );
  }
  await expect(bulkRow(page, unverified).getByTestId('bulk-verdict')).toHaveText('Refused');
  await expect(bulkRow(page, unverified).getByTestId('bulk-message')).toContainText(
    'Every required document must be verified before an offer',
  );
  await expectNoViolations(page, 'results');

  const decisions = await decisionsOn(all.map((app) => app.applicationId));
  expect(decisions.map((d) => d.application_id).sort()).toEqual(ready.map((app) => app.applicationId).sort());
  expect(decisions.every((d) => d.outcome === 'offer_unconditional' && d.state === 'approved')).toBe(true);
  const { data: dates } = await (
    await serviceClient()
  )
    .from('application_decisions')
    .select('reply_by')
    .in(
      'application_id',
      ready.map((app) => app.applicationId),
    );
  expect((dates ?? []).map((d) => d.reply_by)).toEqual([replyBy, replyBy]);
  for (const app of all) expect(await statusOf(app.applicationId)).toBe('under_review');

  await page.getByRole('link', { name: 'Back to the review queue' }).click();
  await expect(
    page
      .getByTestId('queue-row')
      .filter({ hasText: ready[0]?.reference ?? '' })
      .getByTestId('pending-decision'),
  ).toContainText('Unconditional offer');
});

test('an administrator approves and releases decisions in bulk: the letters arrive and the statuses change', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = runToken();
  const recommended = await underReview(browser, baseURL, `${token} Dee`);
  const approved = await underReview(browser, baseURL, `${token} Eli`);
  const admin = await staffClient();
  await decide(await counsellorClient(), recommended.applicationId, { outcome: 'waitlisted' });
  const reason = await reasonFor(admin, 'rejected');
  await decide(admin, approved.applicationId, { outcome: 'rejected', reason_id: reason.id });
  await signInStaff(context, baseURL, 'admin');

  await page.goto(`/admin/decisions?q=${token}`);
  const rows = page.getByTestId('decision-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: recommended.reference })).toContainText('Awaiting approval');
  await expect(rows.filter({ hasText: approved.reference })).toContainText('Approved, not released');
  await expect(rows.filter({ hasText: approved.reference })).toContainText(reason.public_wording);
  await expectNoViolations(page, 'decisions');
  await tick(page, recommended).check();
  await tick(page, approved).check();
  await page.getByRole('button', { name: 'Preview approval and release' }).click();
  await expect(bulkRow(page, recommended)).toContainText('Approve and release “Waitlist”');
  await expect(bulkRow(page, approved)).toContainText('Release “Unsuccessful”');
  await page.getByRole('button', { name: 'Approve and release 2 decisions' }).click();

  await expect(page.getByTestId('bulk-results-summary')).toHaveText('2 done, 0 refused.');
  await expect(bulkRow(page, recommended).getByTestId('status-badge')).toHaveText('Waitlisted');
  await expect(bulkRow(page, approved).getByTestId('status-badge')).toHaveText('Unsuccessful');
  expect(await statusOf(recommended.applicationId)).toBe('waitlisted');
  expect(await statusOf(approved.applicationId)).toBe('rejected');
  await expectMail(recommended.email, `You are on the waiting list: ${recommended.reference}`);
  await expectMail(approved.email, `The outcome of your application ${approved.reference}`);

  await page.getByRole('link', { name: 'Back to the decisions' }).click();
  await expect(page.getByTestId('decisions-empty')).toContainText(
    'No unreleased decisions match these filters.',
  );
});

test('reply-by dates of several offers move in one go, each with its letter; an application with no offer is refused alone', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = runToken();
  const [first, second, none] = await Promise.all([
    underReview(browser, baseURL, `${token} Fay`),
    underReview(browser, baseURL, `${token} Gus`),
    underReview(browser, baseURL, `${token} Hal`),
  ]);
  const admin = await staffClient();
  for (const app of [first, second]) {
    const offered = await admin.rpc('decide_application', {
      application_id: app.applicationId,
      expected_version: await versionOf(admin, app.applicationId),
      outcome: 'offer_unconditional',
      release: true,
    });
    expect(offered.error).toBeNull();
  }
  const day = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  await signInStaff(context, baseURL, 'admin');
  await page.goto(`/admin/applications?q=${token}`);
  await expect(page.getByTestId('queue-row')).toHaveCount(3);
  for (const app of [first, second, none]) await tick(page, app).check();
  await page.getByLabel('New reply-by date').fill(day);
  await page.getByLabel('Note in the letter (optional)').fill('Your sponsor asked for more time.');
  await page.getByRole('button', { name: 'Preview the new reply-by date' }).click();

  await expect(page.getByTestId('bulk-preview-summary')).toHaveText(
    '2 of 3 applications will change; 1 will be refused and left as it is.',
  );
  await expect(bulkRow(page, first)).toContainText(`Extend to ${shown}`);
  await expect(bulkRow(page, none)).toContainText(
    'Only an offer waiting for a reply has a reply-by date to change.',
  );
  await page.getByRole('button', { name: 'Move 2 reply-by dates' }).click();
  await expect(page.getByTestId('bulk-results-summary')).toHaveText('2 done, 1 refused.');
  for (const app of [first, second]) {
    const { data } = await admin.from('applications').select('reply_by').eq('id', app.applicationId).single();
    expect((data as { reply_by: string }).reply_by).toBe(day);
    await expectMail(app.email, `New reply-by date for your offer: ${app.reference}`);
  }
});

test('a counsellor has no release control, and a forged release is refused by the database', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = runToken();
  const app = await underReview(browser, baseURL, `${token} Fay`);
  const decision = await decide(await staffClient(), app.applicationId, { outcome: 'offer_unconditional' });
  await signInStaff(context, baseURL, 'counsellor');

  await page.goto(`/admin/decisions?q=${token}`);
  await expect(page.getByTestId('decision-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /release/i })).toHaveCount(0);
  await expect(page.getByTestId('decision-row').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('release-rights')).toContainText(
    'Only an administrator approves and releases',
  );

  const csrf = await page.locator('input[name="csrf_token"]').first().inputValue();
  const post = (fields: [string, string][]) =>
    page.request.post(`/admin/decisions?q=${token}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(page.url()).origin },
      data: new URLSearchParams([['csrf_token', csrf], ['ids', app.applicationId], ...fields]).toString(),
    });
  const preview = await (await post([['action', 'release']])).text();
  expect(preview).toContain('Will be refused');
  expect(preview).toContain('Only an administrator approves and releases decisions.');
  const version = await versionOf(await serviceClient(), app.applicationId);
  const forged = await post([
    ['action', 'release'],
    ['step', 'confirm'],
    [`v_${app.applicationId}`, String(version)],
    [`d_${app.applicationId}`, decision.id],
  ]);
  expect(forged.status()).toBe(422);
  const results = await forged.text();
  expect(results).toContain('0 done, 1 refused.');
  expect(results).toContain('Only an administrator releases decisions.');

  expect(await decisionsOn([app.applicationId])).toEqual([
    { application_id: app.applicationId, outcome: 'offer_unconditional', state: 'approved' },
  ]);
  expect(await statusOf(app.applicationId)).toBe('under_review');
  const service = await serviceClient();
  const letters = await service
    .from('notification_events')
    .select('template_key')
    .eq('application_id', app.applicationId)
    .like('template_key', 'decision_%');
  expect(letters.data).toEqual([]);
});

test('an application changed between the preview and the confirm is refused alone', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = runToken();
  const steady = await underReview(browser, baseURL, `${token} Gus`);
  const moved = await underReview(browser, baseURL, `${token} Hal`);
  await signInStaff(context, baseURL, 'admin');

  await page.goto(`/admin/applications?q=${token}`);
  await tick(page, steady).check();
  await tick(page, moved).check();
  await page.getByLabel('Decision', { exact: true }).selectOption({ label: 'Unsuccessful' });
  await page.getByRole('button', { name: 'Preview the decision' }).click();
  await expect(page.getByTestId('bulk-problem')).toHaveText(
    /Nothing was changed\s*Choose the reason the applicants will read\./,
  );
  await expect(tick(page, steady)).toBeChecked();
  await page.getByLabel('Reason the applicants read (negative outcomes)').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Preview the decision' }).click();
  await expect(page.getByTestId('bulk-preview-summary')).toHaveText('2 of 2 applications will change.');

  const colleague = await staffClient();
  const { data: who } = await colleague.auth.getUser();
  const reassigned = await colleague.rpc('assign_application', {
    application_id: moved.applicationId,
    assignee: who.user?.id,
    expected_version: await versionOf(colleague, moved.applicationId),
  });
  expect(reassigned.error).toBeNull();

  const confirm = page.getByRole('button', { name: 'Make 2 decisions' });
  await confirm.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check before you confirm');
  // By keyboard: tick the acknowledgement, then the next stop is the confirm button.
  await page.getByLabel(/I have checked the list: 2 applicants will be told/).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('bulk-results-summary')).toHaveText('1 done, 1 refused.');
  await expect(bulkRow(page, steady).getByTestId('bulk-verdict')).toHaveText('Done');
  await expect(bulkRow(page, moved).getByTestId('bulk-message')).toContainText(
    `${who.user?.email} changed this application at`,
  );
  await expect(bulkRow(page, moved).getByTestId('bulk-message')).toContainText('after you opened it');
  expect(await decisionsOn([steady.applicationId, moved.applicationId])).toEqual([
    { application_id: steady.applicationId, outcome: 'rejected', state: 'approved' },
  ]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the queue assigns a reviewer to the ticked applications through the same preview and results', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const token = runToken();
    const apps = [
      await underReview(browser, baseURL, `${token} Ida`),
      await underReview(browser, baseURL, `${token} Jo`),
    ];
    const admin = await signInStaff(context, baseURL, 'admin');
    await page.goto(`/admin/applications?q=${token}`);
    await expect(page.getByRole('checkbox', { name: 'Select every application on this page' })).toBeHidden();
    for (const app of apps) await tick(page, app).check();
    await page.getByRole('button', { name: 'Preview the assignment' }).click();
    await expect(page.getByTestId('bulk-problem')).toContainText('Choose a reviewer, or “Nobody”');
    for (const app of apps) await expect(tick(page, app)).toBeChecked();
    await page.getByLabel('Assign to').selectOption(admin.id);
    await page.getByRole('button', { name: 'Preview the assignment' }).click();
    for (const app of apps) await expect(bulkRow(page, app)).toContainText(`Assign to ${admin.email}.`);
    await page.getByRole('button', { name: 'Assign 2 applications' }).click();
    await expect(page.getByTestId('bulk-results-summary')).toHaveText('2 done, 0 refused.');
    const service = await serviceClient();
    const { data } = await service
      .from('applications')
      .select('assigned_to')
      .in(
        'id',
        apps.map((app) => app.applicationId),
      );
    expect(data).toEqual([{ assigned_to: admin.id }, { assigned_to: admin.id }]);
  });
});
