import { expect, test, type Page } from '@playwright/test';
import { findRunOns } from './support/run-ons.ts';
import { MISSING_PATH, publicPages, sitemapPaths } from './support/site-pages.ts';

async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toContainText(/© \d{4} Unipath/);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy/');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms/');
  const polite = page.locator('[data-toasts] [role="status"][aria-live="polite"][data-toast-region]');
  await expect(polite).toHaveCount(1);
  await expect(page.locator('[data-toasts] [role="alert"][data-toast-region]')).toHaveCount(1);
  await expect(page.locator('[data-toasts][data-ready]'), 'the toast region is live').toHaveCount(1);
}

test('every page carries the shell: header, footer, the toast live regions and no run-on words', async ({
  page,
  request,
}) => {
  const pages = [...(await publicPages(request)), MISSING_PATH];
  test.setTimeout(10_000 + pages.length * 5_000);
  const runOns: string[] = [];
  for (const path of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectShell(page);
      runOns.push(...(await findRunOns(page)).map((words) => `${path} ${words}`));
    });
  }
  expect(runOns, 'words that run into each other').toEqual([]);
});

test('the catalogue pages show no run-on words', async ({ page, request }) => {
  const catalogue = sitemapPaths(await (await request.get('/sitemap-catalogue.xml')).text());
  const courses = catalogue.filter((path) => /^\/courses\/[^/]+\/?$/.test(path)).slice(0, 4);
  const universities = catalogue.filter((path) => /^\/universities\/[^/]+\/?$/.test(path)).slice(0, 4);
  const { items } = (await (await request.get('/api/catalogue/courses?q=law')).json()) as {
    items: { id: string }[];
  };
  const compare = `/courses/compare?ids=${items
    .slice(0, 4)
    .map((item) => item.id)
    .join(',')}`;
  const pages = ['/courses/', '/universities/', '/discover/', compare, ...courses, ...universities];
  expect(courses.length, 'the sitemap lists courses').toBeGreaterThan(0);
  const runOns: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    runOns.push(...(await findRunOns(page)).map((words) => `${path} ${words}`));
  }
  expect(runOns, 'words that run into each other').toEqual([]);
});

/**
 * Clicks a header link whose next document answers 204 No Content: the browser sets out to navigate,
 * then stays, frozen in the state it shows while the next document loads. (Playwright cannot inspect
 * a page whose navigation is held in flight: evaluation waits for the commit.)
 */
async function clickAndStayOnPage(page: Page, label: string) {
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'document' ? route.fulfill({ status: 204 }) : route.continue(),
  );
  await page.getByRole('banner').getByRole('link', { name: label }).click();
}

const progress = (page: Page) =>
  page.locator('#nav-progress').evaluate((bar) => {
    const style = getComputedStyle(bar);
    return {
      navigating: document.documentElement.hasAttribute('data-navigating'),
      opacity: style.opacity,
      transform: style.transform,
      transition: style.transitionDuration,
    };
  });

test('following a link shows the progress bar, growing towards the end', async ({ page }) => {
  await page.goto('/');
  expect(await progress(page)).toMatchObject({ navigating: false, opacity: '0' });
  await clickAndStayOnPage(page, 'About');
  await expect.poll(() => progress(page)).toMatchObject({ navigating: true, opacity: '1' });
  expect((await progress(page)).transition).not.toBe('0s');
});

test('a page shown again from the back/forward cache drops the progress bar', async ({ page }) => {
  await page.goto('/');
  await clickAndStayOnPage(page, 'About');
  await expect.poll(() => progress(page)).toMatchObject({ navigating: true });
  // Headless Chromium keeps no back/forward cache, so the restore event is delivered directly.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  expect(await progress(page)).toMatchObject({ navigating: false, opacity: '0' });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the progress bar appears at full width without animating', async ({ page }) => {
    await page.goto('/');
    await clickAndStayOnPage(page, 'Blog');
    expect(await progress(page)).toEqual({
      navigating: true,
      opacity: '1',
      transform: 'matrix(1, 0, 0, 1, 0, 0)',
      transition: '0s',
    });
  });
});

test('in-page links and new-tab clicks do not start the progress bar', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.locator('html')).not.toHaveAttribute('data-navigating');
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('banner')
      .getByRole('link', { name: 'Blog' })
      .click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await popup.close();
  await expect(page.locator('html')).not.toHaveAttribute('data-navigating');
});

test('a link that opens a dialog instead of leaving, and the dialog closing, start no progress bar', async ({
  page,
}) => {
  // The counselling popup must not interrupt; the call to action opens the same dialog.
  await page.addInitScript(() =>
    localStorage.setItem('unipath-lead-popup', JSON.stringify({ outcome: 'dismissed', at: Date.now() })),
  );
  await page.goto('/');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Book a free counselling call' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a free counselling call' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-navigating');
  expect(await progress(page)).toMatchObject({ navigating: false, opacity: '0' });
  // A form that only closes a dialog goes nowhere either.
  await page.evaluate(() => {
    const box = document.createElement('dialog');
    box.innerHTML = '<form method="dialog"><button>Done</button></form>';
    document.body.append(box);
    box.showModal();
  });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-navigating');
});
