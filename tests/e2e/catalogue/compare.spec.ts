import { expect, test } from '@playwright/test';
import { hydrated, quietPopup } from './support.ts';

test.beforeEach(({ page }) => quietPopup(page));

test('compare holds four courses, refuses a fifth and shows them side by side', async ({ page }) => {
  await page.goto('/courses?q=business');
  await hydrated(page);
  const buttons = page.getByRole('button', { name: /^Compare:/ });
  for (let n = 0; n < 4; n++) {
    // The buttons stay disabled until the tray's saved state is read in the browser.
    await expect(buttons.nth(n)).toBeEnabled();
    await buttons.nth(n).focus();
    await page.keyboard.press('Enter');
    await expect(buttons.nth(n)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(buttons.nth(4)).toBeEnabled();
  await buttons.nth(4).click();
  await expect(page.getByText(/Not added: you can compare up to 4 courses at once/)).toBeVisible();
  await expect(buttons.nth(4)).toHaveAttribute('aria-pressed', 'false');
  const tray = page.getByRole('region', { name: 'Compare tray' });
  await expect(tray).toContainText('Compare (4 of 4)');
  await page.reload();
  await expect(tray).toContainText('Compare (4 of 4)');
  await tray.getByRole('link', { name: 'Compare side by side' }).click();
  await expect(page).toHaveURL(/\/courses\/compare\?ids=/);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(4);
  await expect(table.getByRole('rowheader').first()).toContainText('Total first-year cost');
  await expect(table.getByRole('rowheader', { name: 'Next deadline' })).toBeVisible();
});

test('an empty compare tray runs no script until the visitor acts, and saved picks show at once', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  // The page's clock, moved on by the test: idle time passes without waiting for it.
  await page.clock.install();
  await page.goto('/courses?q=business', { waitUntil: 'load' });
  const tray = page.locator('astro-island[component-url*="CompareTray"]');
  await expect(tray).toHaveAttribute('ssr', '');
  const componentUrl = (await tray.getAttribute('component-url')) ?? '';
  expect(componentUrl).toContain('CompareTray');
  // Idle time passes: the code may be fetched for later, but the island is not run.
  await page.clock.runFor(1_500);
  await expect(tray).toHaveAttribute('ssr', '');
  // Any interaction with the page hydrates it, so a pick made in another island shows in the tray.
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(tray).not.toHaveAttribute('ssr');
  expect(fetched).toContain(componentUrl);

  // Picks saved in this browser hydrate the tray on load, before any interaction.
  await page.evaluate(() =>
    localStorage.setItem('unipath:compare', JSON.stringify([{ id: 'x', title: 'Saved pick' }])),
  );
  await page.reload({ waitUntil: 'load' });
  await expect(page.getByRole('region', { name: 'Compare tray' })).toContainText('Compare (1 of 4)');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the comparison page renders and removes a course by link', async ({ page, request }) => {
    const body = (await (await request.get('/api/catalogue/courses?q=law')).json()) as {
      items: { id: string }[];
    };
    const ids = body.items.slice(0, 3).map((item) => item.id);
    await page.goto(`/courses/compare?ids=${ids.join(',')}`);
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
    await page
      .getByRole('link', { name: /^Remove/ })
      .first()
      .click();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
  });
});
