import { expect, test, type Page } from '@playwright/test';
import { signInStaff, submittedByNewApplicant } from './support.ts';

/** How far below the top of the window an element starts, and where the sticky header ends. */
async function belowHeader(page: Page, selector: string) {
  return page.evaluate((css) => {
    const header = document.querySelector('body > header')!.getBoundingClientRect().bottom;
    return { header, top: document.querySelector(css)!.getBoundingClientRect().top };
  }, selector);
}

test('the sticky admin header covers neither an anchor target nor the focused control, on a phone and a laptop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const app = await submittedByNewApplicant(browser, baseURL);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await signInStaff(context, baseURL, 'admin');
  const page = await context.newPage();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/applications/${app.applicationId}#decision`);
    await expect(async () => {
      const decision = await belowHeader(page, '#decision');
      expect(decision.top).toBeGreaterThanOrEqual(decision.header);
    }).toPass();

    // A link scrolled under the header is scrolled out from under it when Shift+Tab reaches it.
    const file = page.getByRole('link', { name: 'Open file' }).first();
    await file.evaluate((link) => {
      const header = document.querySelector('body > header')!.getBoundingClientRect().height;
      window.scrollTo(0, link.getBoundingClientRect().top + window.scrollY - header / 2);
      const tabbable = [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex="0"]',
        ),
      ];
      tabbable[tabbable.indexOf(link as HTMLElement) + 1]!.focus({ preventScroll: true });
    });
    await page.keyboard.press('Shift+Tab');
    await expect(file).toBeFocused();
    const link = await belowHeader(page, ':focus');
    expect(link.top).toBeGreaterThanOrEqual(link.header);
  }
  await context.close();
});

test('on a phone the admin tab row shows the current section’s tab, however far along the row it is', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInStaff(context, baseURL, 'admin');
  const page = await context.newPage();
  const tabs = page.getByRole('navigation', { name: 'Admin' });
  for (const [path, name] of [
    ['/admin/mail', 'Mail'],
    ['/admin/users', 'Users and roles'],
    ['/admin', 'Overview'],
  ] as const) {
    await page.goto(path);
    const tab = tabs.getByRole('link', { name, exact: true });
    await expect(tab).toHaveAttribute('aria-current', 'page');
    // Not 1: the last tab, scrolled as far as the row goes, can lose a fraction of a pixel.
    await expect(tab).toBeInViewport({ ratio: 0.9 });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  }
  await context.close();
});
