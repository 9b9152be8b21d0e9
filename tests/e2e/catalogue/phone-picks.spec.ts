import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated, quietPopup } from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
test.beforeEach(({ page }) => quietPopup(page));

/** The page's scripts arrive late, as on a slow phone: a tap lands while the island's code loads. */
async function slowJavaScript(page: Page): Promise<void> {
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.continue().catch(() => undefined);
  });
}

test('a first tap on Save while the page wakes saves in place: no reload, no jump to the top, the star changes', async ({
  page,
}) => {
  await slowJavaScript(page);
  await page.goto('/courses?q=nursing', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // A course's button is found by the form it submits: the list may re-render, titles may repeat.
  const sixth =
    (await page
      .getByRole('button', { name: /^Save: / })
      .nth(5)
      .getAttribute('form')) ?? '';
  const save = page.locator(`button[form="${sixth}"][value]`).filter({ hasText: /Save/ });
  await save.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await save.tap();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toContainText('★');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
  // The first card, tapped right after: its star changes too.
  const firstForm =
    (await page
      .getByRole('button', { name: /^Save: / })
      .first()
      .getAttribute('form')) ?? '';
  const first = page.locator(`button[form="${firstForm}"]`).filter({ hasText: /Save/ });
  await first.scrollIntoViewIfNeeded();
  await first.tap();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
});

test('a fifth course for comparison is refused with the reason and a swap; the tray folds on a phone and toasts sit above it', async ({
  page,
}) => {
  await page.goto('/courses?q=nursing');
  await hydrated(page);
  const compare = page.getByRole('button', { name: /^Compare: / });
  for (let n = 0; n < 4; n++) {
    await compare.nth(n).scrollIntoViewIfNeeded();
    await compare.nth(n).tap();
    await expect(compare.nth(n)).toHaveAttribute('aria-pressed', 'true');
  }
  const firstTitle = ((await compare.first().getAttribute('aria-label')) ?? '').replace(/^Compare: /, '');
  const fifth = compare.nth(4);
  await fifth.scrollIntoViewIfNeeded();
  await fifth.tap();
  await expect(page.getByText(/Not added: you can compare up to 4 courses at once/)).toBeVisible();
  await expect(fifth).toHaveAttribute('aria-pressed', 'false');

  const tray = page.getByRole('region', { name: 'Compare tray' });
  await expect(tray).toContainText('Compare (4 of 4)');
  // Folded, the tray keeps to one row: its heading and the way to the comparison.
  const folded = await tray.boundingBox();
  expect(folded?.height ?? 999).toBeLessThan(90);
  await expect(tray.getByRole('link', { name: 'Compare side by side' })).toBeVisible();
  const toggle = tray.getByRole('button', { name: /Compare \(4 of 4\)/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(
    tray.getByRole('button', { name: `Remove ${firstTitle} from comparison` }).first(),
  ).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include('[aria-label="Compare tray"]')
    .withTags(WCAG_TAGS)
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // The swap takes the oldest pick out and this one in.
  await page.getByRole('button', { name: `Swap it for ${firstTitle}` }).tap();
  await expect(fifth).toHaveAttribute('aria-pressed', 'true');
  await expect(compare.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(tray).toContainText('Compare (4 of 4)');

  // Toasts stack above the tray while it shows, clear of "Compare side by side".
  const toasts = await page.locator('[data-toasts]').boundingBox();
  const trayBox = await tray.boundingBox();
  expect((toasts?.y ?? 0) + (toasts?.height ?? 0)).toBeLessThanOrEqual((trayBox?.y ?? 0) + 1);
});
