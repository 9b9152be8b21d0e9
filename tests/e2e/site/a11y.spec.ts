import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { MISSING_PATH, publicPages } from './support/site-pages.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on a fresh context per page so no state leaks between pages. */
async function violations(browser: Browser, path: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  try {
    const page = await context.newPage();
    await page.goto(path);
    // Search islands (client:interact) hydrate on a visitor's first interaction; axe sees their server HTML.
    await expect(page.locator('astro-island[ssr]:not([client="interact"])')).toHaveCount(0);
    if (viewport) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    }
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  } finally {
    await context.close();
  }
}

test("every public page, the not-found page, a refused request's page and the account-deleted page pass axe WCAG 2.2 AA checks", async ({
  browser,
  request,
}) => {
  // The pages of refused requests share one template; one of them stands for all three.
  const pages = [...(await publicPages(request)), MISSING_PATH, '/refused/too-large', '/account-deleted/'];
  // A page takes 2–10 s (a fresh context, then axe); a loaded two-core runner needs the upper end.
  test.setTimeout(30_000 + pages.length * 20_000);
  for (const path of pages) {
    await test.step(path, async () => {
      expect.soft(await violations(browser, path), path).toEqual([]);
    });
  }
});

test('the open mobile menu passes axe WCAG 2.2 AA checks', async ({ browser }) => {
  expect(await violations(browser, '/blog/', { width: 390, height: 844 })).toEqual([]);
});
