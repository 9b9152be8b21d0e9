import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  expectNoViolations,
  noHorizontalScroll,
  refreshBrowserSession,
  serviceClient,
  signInStaff,
  submittedByNewApplicant,
} from './support.ts';

// The reader pool is shared by the whole stack: these journeys run one after the other, and each
// takes its readers out of the pool again at the end.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env['E2E_SCREENSHOTS'];

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A counsellor who also reads, signed in in `context`. */
async function signInReader(context: BrowserContext, baseURL: string | undefined) {
  const user = await signInStaff(context, baseURL, 'counsellor');
  const service = await serviceClient();
  const granted = await service.from('user_roles').insert({ user_id: user.id, role: 'reader' });
  if (granted.error) throw new Error(`reader role failed: ${granted.error.message}`);
  await refreshBrowserSession(context, baseURL ?? '');
  return user;
}

async function leavePool(ids: string[]) {
  const service = await serviceClient();
  await service.from('user_roles').delete().eq('role', 'reader').in('user_id', ids);
}

async function openRead(page: Page, reference: string) {
  await page.goto('/admin/reads');
  await page.getByTestId('open-reads').getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Read of ${reference}`);
}

async function score(page: Page, levels: Record<string, string>) {
  for (const [criterion, level] of Object.entries(levels))
    await page.getByTestId(`criterion-${criterion}`).getByRole('radio', { name: level }).check();
}

test('a scoresheet is defined and two readers score on it, each blind to the other until they send', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signInStaff(page.context(), baseURL, 'admin');
  await page.goto('/admin/scoresheets');
  await expect(page.getByTestId('scoresheets')).toContainText('No scoresheet yet');
  const form = page.getByRole('region', { name: 'New scoresheet' });
  await form.getByLabel('Scoresheet name').fill('Reading applications');
  const first = form.getByRole('group', { name: 'Criterion 1' });
  await first.getByLabel('Criterion name').fill('Academic record');
  await first.getByLabel('Weight').fill('2');
  await first.getByLabel('What each level means').fill('Weak\nFair\nGood\nVery good\nExcellent');
  await first.getByLabel('Readers may comment').check();
  const second = form.getByRole('group', { name: 'Criterion 2' });
  await second.getByLabel('Criterion name').fill('Motivation');
  await second.getByLabel('What each level means').fill('None\nSome\nClear\nStrong\nExceptional');
  await expectNoViolations(page, 'new scoresheet');
  await form.getByRole('button', { name: 'Create scoresheet' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading applications');
  await expect(page.getByText('Scoresheet created.')).toBeVisible();

  const firstReader = await browser.newContext();
  const secondReader = await browser.newContext();
  const one = await signInReader(firstReader, baseURL);
  const two = await signInReader(secondReader, baseURL);
  try {
    const application = await submittedByNewApplicant(browser, baseURL);
    const pageOne = await firstReader.newPage();
    const pageTwo = await secondReader.newPage();

    // The first reader scores part of it and saves a draft, which survives a reload.
    await openRead(pageOne, application.reference);
    await expect(pageOne.getByTestId('other-reads')).toContainText('Hidden until you send your read');
    await score(pageOne, { academic_record: '5 · Excellent' });
    await pageOne.getByLabel('Comment on Academic record').fill('Top marks throughout.');
    await pageOne.getByRole('button', { name: 'Save draft' }).click();
    await expect(pageOne.getByText('Draft saved.')).toBeVisible();
    await pageOne.reload();
    await expect(
      pageOne.getByTestId('criterion-academic_record').getByRole('radio', { name: '5 · Excellent' }),
    ).toBeChecked();
    await expect(pageOne.getByLabel('Comment on Academic record')).toHaveValue('Top marks throughout.');
    await expectNoViolations(pageOne, 'read, draft');
    await shot(pageOne, 'read-draft');

    // The second reader sends first, and still sees no draft of the first.
    await openRead(pageTwo, application.reference);
    await score(pageTwo, { academic_record: '2 · Fair', motivation: '1 · None' });
    await pageTwo.getByRole('radio', { name: 'Do not recommend' }).check();
    await pageTwo.getByRole('button', { name: 'Send read' }).click();
    await expect(pageTwo.getByTestId('read-form').getByRole('alert')).toContainText(
      'Tick “I have finished this read”',
    );
    await pageTwo.getByLabel('I have finished this read').check();
    await pageTwo.getByRole('button', { name: 'Send read' }).click();
    await expect(pageTwo.getByText('Read sent.')).toBeVisible();
    await expect(pageTwo.getByTestId('other-reads')).toContainText('No other read has been sent yet.');
    await expect(pageTwo.getByTestId('read-card').first()).toContainText('total 16.7 of 100');

    // The first reader, their read still open, sees neither the second read nor the totals.
    await pageOne.reload();
    await expect(pageOne.getByTestId('other-reads')).toContainText('Hidden until you send your read');
    await expect(pageOne.getByTestId('read-results')).toContainText('hidden until you send your own read');
    await expect(pageOne.getByTestId('read-results')).toContainText('Reads complete 1/2');
    await score(pageOne, { motivation: '4 · Strong' });
    await pageOne.getByRole('radio', { name: 'Strongly recommend' }).check();
    await pageOne.getByLabel('I have finished this read').check();
    await pageOne.getByRole('button', { name: 'Send read' }).click();
    await expect(pageOne.getByText('Read sent.')).toBeVisible();
    const others = pageOne.getByTestId('other-reads');
    await expect(others.getByTestId('read-card')).toHaveCount(1);
    await expect(others).toContainText('total 16.7 of 100');
    await expect(pageOne.getByTestId('read-results')).toContainText('Reads complete 2/2');
    await expect(pageOne.getByTestId('read-results')).toContainText('Readers disagree');
    await shot(pageOne, 'read-sent');

    // The administrator sees both reads on the application, with the results.
    await page.goto(`/admin/applications/${application.applicationId}`);
    const panel = page.getByTestId('reads-panel');
    await expect(panel.getByTestId('read-card')).toHaveCount(2);
    await expect(panel.getByTestId('read-results')).toContainText('Mean total 54.2 of 100');
    await expectNoViolations(page, 'application with reads');

    // On a phone, the queue and the read fit the screen.
    await pageOne.setViewportSize({ width: 390, height: 844 });
    await pageOne.goto('/admin/reads');
    await expect(pageOne.getByRole('heading', { name: /Sent \(\d+\)/ })).toBeVisible();
    await noHorizontalScroll(pageOne);
    await expectNoViolations(pageOne, 'my reads');
    await shot(pageOne, 'my-reads-phone');
    void admin;
  } finally {
    await leavePool([one.id, two.id]);
    await firstReader.close();
    await secondReader.close();
  }
});
