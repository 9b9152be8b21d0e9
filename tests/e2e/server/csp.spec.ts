import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    cspViolations?: string[];
    injectedScriptRan?: boolean;
  }
}

/** Records every CSP violation the page reports, from the first byte of every document. */
async function watchCsp(page: Page): Promise<string[]> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return consoleReports;
}

/** Content pages ship no islands; their public scripts (toasts, the counselling loader) must run. */
async function expectPublicScriptsRan(page: Page): Promise<void> {
  await expect(page.locator('[data-toasts][data-ready]')).toHaveCount(1);
}

async function expectNoViolations(page: Page, consoleReports: string[]): Promise<void> {
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleReports).toEqual([]);
}

test('the landing page runs its scripts under the enforced policy with no violations', async ({ page }) => {
  const consoleReports = await watchCsp(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expectPublicScriptsRan(page);
  await page.locator('[data-lead-cta]').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, consoleReports);
});

test('blog posts run their scripts under the enforced policy with no violations', async ({ page }) => {
  const consoleReports = await watchCsp(page);
  await page.goto('/blog/');
  const postLinks = await page
    .locator('main a[href^="/blog/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const posts = [...new Set(postLinks)].filter(
    (href) => !/^\/blog\/(tag|page)\//.test(href) && href !== '/blog/',
  );
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) {
    await page.goto(post);
    await expectPublicScriptsRan(page);
    await expectNoViolations(page, consoleReports);
  }
});

test('an injected inline script is refused by the browser', async ({ page }) => {
  await watchCsp(page);
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
  });
  await expect.poll(() => page.evaluate(() => window.cspViolations?.length ?? 0)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.injectedScriptRan)).toBeUndefined();
});
