import { expect, test } from '@playwright/test';
import { MISSING_PATH, publicPages } from './support/site-pages.ts';

test.use({ viewport: { width: 320, height: 720 } });

test('no page scrolls sideways on a 320 px wide screen (WCAG 1.4.10)', async ({ page, request }) => {
  const pages = [...(await publicPages(request)), MISSING_PATH];
  test.setTimeout(10_000 + pages.length * 4_000);
  for (const path of pages) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('course, university and scholarship pages, rendered on demand, do not scroll sideways either', async ({
  page,
}) => {
  await page.goto('/courses/');
  const course = await page.locator('main a[href^="/courses/"][href*="-"]').first().getAttribute('href');
  await page.goto('/universities/');
  const university = await page
    .locator('main a[href^="/universities/"][href*="-"]')
    .first()
    .getAttribute('href');
  for (const path of [course, university, '/scholarships/']) {
    expect(path).toBeTruthy();
    await page.goto(path ?? '/');
    // Their intake and course tables are wider than a phone; only the table's own region may scroll.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, path ?? '').toBeLessThanOrEqual(0);
  }
});

test('tables scroll inside a labelled region that the keyboard can reach', async ({ page, request }) => {
  const pages = await publicPages(request);
  test.setTimeout(10_000 + pages.length * 4_000);
  for (const path of pages) {
    await page.goto(path);
    const wrappers = await page.locator('main table').evaluateAll((elements) =>
      elements.map((table) => {
        const parent = table.parentElement;
        return {
          className: parent?.className,
          role: parent?.getAttribute('role'),
          tabIndex: parent?.tabIndex,
          label: parent?.getAttribute('aria-label') ?? '',
        };
      }),
    );
    for (const wrapper of wrappers) {
      expect(wrapper, path).toMatchObject({ className: 'table-scroll', role: 'region', tabIndex: 0 });
      expect(wrapper.label, path).toMatch(/^Table(: .+)?$/);
    }
  }
});
