import { expect, test, type Page } from '@playwright/test';
import { MISSING_PATH, publicPages } from './support/site-pages.ts';

/** `canonicalPath` null: a noindex page, which names no canonical URL. */
async function expectPageBasics(page: Page, canonicalPath: string | null) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /\w.{19,}/);
  const canonical = page.locator('head link[rel="canonical"]');
  if (canonicalPath === null) {
    await expect(canonical).toHaveCount(0);
  } else {
    await expect(canonical).toHaveCount(1);
    const href = (await canonical.getAttribute('href')) ?? '';
    expect(new URL(href).pathname, 'canonical is absolute and points at this page').toBe(canonicalPath);
  }
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
}

test('every public page has a title, a description, a canonical link and exactly one h1', async ({
  page,
  request,
}) => {
  const pages = await publicPages(request);
  expect(pages).toContain('/');
  test.setTimeout(10_000 + pages.length * 5_000);
  for (const path of pages) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectPageBasics(page, path);
    });
  }
});

test('titles and descriptions are unique across public pages', async ({ page, request }) => {
  const pages = await publicPages(request);
  test.setTimeout(10_000 + pages.length * 4_000);
  const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
  for (const path of pages) {
    await page.goto(path);
    const title = await page.title();
    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(seen.title.get(title), `title of ${path}`).toBeUndefined();
    expect(seen.description.get(description), `description of ${path}`).toBeUndefined();
    seen.title.set(title, path);
    seen.description.set(description, path);
  }
});

test('the not-found page answers 404 with the same basics and links back', async ({ page }) => {
  const response = await page.goto(MISSING_PATH);
  expect(response?.status()).toBe(404);
  await expectPageBasics(page, null);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: /blog/i })).toHaveAttribute('href', '/blog/');
  await expect(main.getByRole('link', { name: /contact/i })).toHaveAttribute('href', '/contact/');
});

test('pages share Open Graph and Twitter cards with absolute image URLs', async ({ page }) => {
  await page.goto('/blog/');
  const post = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  await post.click();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
    const content = (await page.locator(selector).getAttribute('content')) ?? '';
    expect(content).toMatch(/^https?:\/\//);
    const image = await page.request.get(new URL(content).pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  }
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    (await page.locator('h1').textContent())?.trim() ?? '',
  );
});
