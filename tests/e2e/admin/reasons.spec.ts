import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { staffClient } from '../applications/support.ts';
import { applicationUnderReviewBy, fillDecision } from './decision-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

/** Posts a reasons form as a script would, with the page's CSRF token but without the browser's checks. */
async function postReasons(page: Page, form: Record<string, string>) {
  const csrf = await page.locator('input[name="csrf_token"]').first().inputValue();
  return page.request.post('/admin/reasons', {
    form: { csrf_token: csrf, ...form },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
}

const reasonItem = (page: Page, wording: string) =>
  page
    .getByTestId('reason')
    .filter({ has: page.getByTestId('reason-wording').getByText(wording, { exact: true }) });

test('administrators keep the reasons: add, edit, retire and reactivate, delete only when unused', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInStaff(context, baseURL, 'admin');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Decision reasons' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Decision reasons');
  const withdrawn = page.getByTestId('reasons-offer_withdrawn');
  await expect(withdrawn.getByTestId('reason').first()).toContainText(
    'You did not send the documents we asked for by the date we gave.',
  );
  await expectNoViolations(page, 'reasons');

  const wording = `The course requires a portfolio interview, which you did not attend (${randomBytes(3).toString('hex')}).`;
  const add = page.getByTestId('new-reason-form');
  await add.getByLabel('Outcome').selectOption({ label: 'Unsuccessful' });
  await add.getByLabel('Public wording').fill('Too short');
  await add.getByRole('button', { name: 'Add reason' }).click();
  await expect(page.getByTestId('new-reason-form').getByLabel('Public wording')).toBeFocused();
  await expect(
    page.getByText('Write at least 10 characters: the applicant reads this as the reason.'),
  ).toBeVisible();
  await expectNoViolations(page, 'reasons, refused new reason');
  await page.getByTestId('new-reason-form').getByLabel('Public wording').fill(wording);
  await page.getByTestId('new-reason-form').getByLabel('Order').fill('5');
  await page.getByTestId('new-reason-form').getByRole('button', { name: 'Add reason' }).click();
  const rejected = page.getByTestId('reasons-rejected');
  await expect(rejected.getByTestId('reason').first()).toContainText(wording);

  const item = reasonItem(page, wording);
  await item.locator('summary').click();
  const edited = wording.replace('did not attend', 'missed');
  await item.getByLabel('Public wording').fill(edited);
  await item.getByRole('button', { name: 'Save reason' }).click();
  const renamed = reasonItem(page, edited);
  await expect(renamed).toHaveCount(1);
  await renamed.getByRole('button', { name: /^Retire/ }).click();
  await expect(reasonItem(page, edited).getByTestId('reason-state')).toHaveText('Retired');

  // A retired reason is not offered on the review screen.
  const app = await applicationUnderReviewBy(browser, baseURL);
  await page.goto(`/admin/applications/${app.applicationId}`);
  await fillDecision(page, 'Unsuccessful');
  await expect(page.getByTestId('reasons-rejected')).not.toContainText(edited);
  await page.goto('/admin/reasons');
  await reasonItem(page, edited)
    .getByRole('button', { name: /^Reactivate/ })
    .click();
  await expect(reasonItem(page, edited).getByTestId('reason-state')).toHaveText('Active');
  await page.goto(`/admin/applications/${app.applicationId}`);
  await fillDecision(page, 'Unsuccessful', { reason: edited, release: true });
  await page.getByRole('button', { name: 'Save decision' }).click();
  await page.getByRole('button', { name: 'Confirm unsuccessful' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Unsuccessful');

  // Used now: no delete button, and a delete posted anyway is refused with what to do instead.
  await page.goto('/admin/reasons');
  const used = reasonItem(page, edited);
  await expect(used).toContainText('Used in decisions');
  await expect(used.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const service = await serviceClient();
  const { data: row } = await service
    .from('decision_reasons')
    .select('id')
    .eq('public_wording', edited)
    .single();
  const id = (row as { id: string }).id;
  const refused = await postReasons(page, { intent: 'delete-reason', reason_id: id });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain('This reason has been used in decisions; retire it instead.');
  expect((await service.from('decision_reasons').select('id').eq('id', id)).data).toHaveLength(1);

  const spare = `We could not confirm your identity documents with the issuing office (${randomBytes(3).toString('hex')}).`;
  await page.getByTestId('new-reason-form').getByLabel('Outcome').selectOption({ label: 'Offer withdrawn' });
  await page.getByTestId('new-reason-form').getByLabel('Public wording').fill(spare);
  await page.getByTestId('new-reason-form').getByRole('button', { name: 'Add reason' }).click();
  await reasonItem(page, spare)
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(reasonItem(page, spare)).toHaveCount(0);
  expect((await service.from('decision_reasons').select('id').eq('public_wording', spare)).data).toEqual([]);
});

test('an edit from a stale page is refused, says who changed the reason and keeps the typed wording', async ({
  page,
  context,
  baseURL,
}) => {
  await signInStaff(context, baseURL, 'admin');
  const staff = await staffClient();
  const wording = `Your references did not support your application (${randomBytes(3).toString('hex')}).`;
  const { data, error } = await staff
    .from('decision_reasons')
    .insert({ outcome: 'rejected', public_wording: wording, position: 900 })
    .select('id, version')
    .single();
  if (error) throw new Error(`insert failed: ${error.message}`);
  const reason = data as { id: string; version: number };
  await page.goto('/admin/reasons');
  const item = reasonItem(page, wording);
  await item.locator('summary').click();
  const typed = `${wording} Please ask your referees to write again.`;
  await item.getByLabel('Public wording').fill(typed);

  const moved = await staff
    .from('decision_reasons')
    .update({ position: 901, version: reason.version })
    .eq('id', reason.id);
  expect(moved.error).toBeNull();
  await item.getByRole('button', { name: 'Save reason' }).click();

  const current = reasonItem(page, wording);
  await expect(current.getByTestId('reason-problem')).toContainText('changed this reason at');
  await expect(current.getByTestId('reason-problem')).toContainText('(position)');
  await expect(current).toContainText('Order 901');
  await expect(current.getByLabel('Public wording')).toHaveValue(typed);
  await expectNoViolations(page, 'reasons after a conflict');
  await current.getByRole('button', { name: 'Save reason' }).click();
  await expect(reasonItem(page, typed)).toHaveCount(1);
});

test('counsellors and applicants get 404 at /admin/reasons and cannot write reasons', async ({
  page,
  context,
  baseURL,
}) => {
  const counsellor = await signInStaff(context, baseURL, 'counsellor');
  expect((await page.goto('/admin/reasons'))?.status()).toBe(404);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin' })).not.toContainText('Decision reasons');
  const wording = `A counsellor tried to add this reason (${randomBytes(3).toString('hex')}).`;
  const post = await postReasons(page, {
    intent: 'add-reason',
    outcome: 'rejected',
    public_wording: wording,
  });
  expect(post.status()).toBe(404);
  const service = await serviceClient();
  expect((await service.from('decision_reasons').select('id').eq('public_wording', wording)).data).toEqual(
    [],
  );
  await service.from('user_roles').delete().eq('user_id', counsellor.id);
  expect((await page.goto('/admin/reasons'))?.status()).toBe(404);
});
