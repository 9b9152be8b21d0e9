import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const POPUP = { name: 'Planning to study abroad?' };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Opens a page on a fake clock and waits until its islands have hydrated. */
async function openWithClock(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await page.clock.runFor(2_000);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('the popup offers counselling after 25 seconds on a public page', async ({ page }) => {
  await openWithClock(page, '/about/');
  await page.clock.runFor(20_000);
  await expect(page.getByRole('dialog', POPUP)).toHaveCount(0);
  await page.clock.runFor(6_000);
  await expect(page.getByRole('dialog', POPUP)).toBeVisible();
  await expect(page.getByRole('dialog', POPUP).getByLabel('Your name')).toBeVisible();
});

test('the popup appears when the mouse leaves through the top of the window', async ({ page }) => {
  await openWithClock(page, '/blog/');
  await page.mouse.move(400, 300);
  await page.mouse.move(400, 5, { steps: 4 });
  await page.mouse.move(400, -20);
  await expect(page.getByRole('dialog', POPUP)).toBeVisible();
});

test('a dismissed popup stays away after a reload', async ({ page }) => {
  await openWithClock(page, '/about/');
  await page.clock.runFor(26_000);
  const dialog = page.getByRole('dialog', POPUP);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The dialog's close event (which records the dismissal) follows the closing in a later task.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('unipath-lead-popup') ?? '{}') as object))
    .toMatchObject({ outcome: 'dismissed' });

  await page.reload();
  await page.clock.runFor(60_000);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  const memory = await page.evaluate(() => localStorage.getItem('unipath-lead-popup'));
  expect(JSON.parse(memory ?? '{}')).toMatchObject({ outcome: 'dismissed' });
});

test('the popup never appears on an app page', async ({ page }) => {
  await page.clock.install();
  await page.goto('/auth/');
  await page.clock.runFor(60_000);
  await page.mouse.move(400, 300);
  await page.mouse.move(400, -20);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-whatsapp]')).toHaveCount(0);
});

test('the popup waits while another dialog is open', async ({ page }) => {
  await openWithClock(page, '/');
  await page.getByRole('link', { name: 'Book a free counselling call' }).click();
  await expect(page.getByRole('dialog', { name: 'Book a free counselling call' })).toBeVisible();
  await page.clock.runFor(40_000);
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('the open popup passes axe WCAG 2.2 AA checks', async ({ page }) => {
  await openWithClock(page, '/about/');
  await page.clock.runFor(26_000);
  await expect(page.getByRole('dialog', POPUP)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('the popup waits while the visitor types a search, then offers help once they are idle', async ({
  page,
}) => {
  // Cards further down wake only when seen, so this page is not waited on as a whole.
  await page.clock.install();
  await page.goto('/courses/');
  await page.clock.runFor(2_000);
  const search = page.getByRole('searchbox', { name: 'Search courses' });
  await search.click();
  await search.pressSequentially('nurs');
  await page.clock.runFor(26_000);
  await search.pressSequentially('ing');
  await expect(page.getByRole('dialog', POPUP)).toHaveCount(0);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('nursing');
  // Still in the field a minute later: the popup keeps waiting.
  await page.clock.runFor(60_000);
  await expect(page.getByRole('dialog', POPUP)).toHaveCount(0);
  // Focus leaves the field and the visitor pauses: now it may offer help.
  await page.getByRole('heading', { level: 1 }).click();
  await page.clock.runFor(10_000);
  await expect(page.getByRole('dialog', POPUP)).toBeVisible();
});
