import { expect, test } from '@playwright/test';
import { createConfirmedUser, signIn } from '../accounts/support.ts';
import { COURSE_ID, COURSE_SLUG, hydrated, quietPopup } from './support.ts';

test.beforeEach(({ page }) => quietPopup(page));

test('a visitor’s saved course survives a reload', async ({ page }) => {
  await page.goto(`/courses/${COURSE_SLUG}`);
  await hydrated(page);
  const save = page.getByRole('button', { name: /^Save: / });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Saved: / })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: /^Saved: / })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/courses/saved');
  const panel = page.getByRole('region', { name: 'Your shortlist' });
  await expect(
    panel.getByRole('link', { name: 'Graduate Diploma in Clinical Pharmacy', exact: true }),
  ).toBeVisible();
  await panel.getByRole('button', { name: /^Remove Graduate Diploma/ }).click();
  await expect(panel).toContainText('Nothing saved yet');
});

test('signing in merges the browser’s shortlist into the account', async ({ page }) => {
  const user = await createConfirmedUser('shortlist');
  await page.goto(`/courses/${COURSE_SLUG}`);
  await hydrated(page);
  await page.getByRole('button', { name: /^Save: / }).click();
  await expect(page.getByRole('button', { name: /^Saved: / })).toBeVisible();
  await signIn(page, user.email, undefined, '/courses');
  await expect(page).toHaveURL(/\/courses$/);
  await hydrated(page);
  await expect
    .poll(async () => ((await (await page.request.get('/api/shortlist')).json()) as { ids?: string[] }).ids)
    .toEqual([COURSE_ID]);
  const cached = await page.request.get('/courses');
  expect(cached.headers()['cache-control']).toBe('private, no-cache');
});

test('the dashboard, where signing in lands, lists a course saved in this browser before signing in', async ({
  page,
}) => {
  const user = await createConfirmedUser('dashboard-shortlist');
  await page.goto(`/courses/${COURSE_SLUG}`);
  await hydrated(page);
  await page.getByRole('button', { name: /^Save: / }).click();
  await expect(page.getByRole('button', { name: /^Saved: / })).toBeVisible();
  await signIn(page, user.email, undefined, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const panel = page.getByRole('region', { name: 'Your shortlist' });
  await expect(
    panel.getByRole('link', { name: 'Graduate Diploma in Clinical Pharmacy', exact: true }),
  ).toBeVisible();
  await expect(panel).not.toContainText('Nothing saved yet');
  // And the account now holds it too, for the next device.
  await expect
    .poll(async () => ((await (await page.request.get('/api/shortlist')).json()) as { ids?: string[] }).ids)
    .toEqual([COURSE_ID]);
});

test('the shortlist endpoints refuse visitors and requests without the CSRF token', async ({ request }) => {
  expect((await request.get('/api/shortlist')).status()).toBe(401);
  const forged = await request.post('/api/shortlist/merge', { data: { ids: [COURSE_ID] } });
  expect(forged.status()).toBe(403);
});
