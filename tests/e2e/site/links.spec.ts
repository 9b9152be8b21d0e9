import { expect, test } from '@playwright/test';
import { blogSources } from './support/site-pages.ts';

const POSTS_PER_PAGE = 6;

const decode = (href: string) =>
  href
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Same-origin `<a href>` targets in an HTML document, without fragments. */
function internalLinks(html: string, from: URL): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const url = new URL(decode(match[1] ?? ''), from);
    if (url.origin !== from.origin) continue;
    url.hash = '';
    links.push(url.pathname + url.search);
  }
  return links;
}

/**
 * The catalogue links to hundreds of generated pages and query variants that share templates, so the
 * crawl checks a few of each kind: every distinct path of the site, up to three query variants per
 * path, and up to five detail pages per catalogue section.
 */
function sampleKey(link: string): { key: string; limit: number } {
  const url = new URL(link, 'http://x');
  const detail = /^\/(courses|universities|blog\/tag)\/[^/]+\/?$/.exec(url.pathname);
  if (detail && !['/courses/compare', '/courses/saved'].includes(url.pathname.replace(/\/$/, ''))) {
    return { key: `detail:${detail[1]}`, limit: 5 };
  }
  return url.search ? { key: `query:${url.pathname}`, limit: 3 } : { key: link, limit: 1 };
}

test('every internal link reachable from the home page answers 200', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? 'http://127.0.0.1');
  const queue = ['/'];
  const visited = new Map<string, number>();
  const linkedFrom = new Map<string, string>();
  const sampled = new Map<string, number>();
  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    if (visited.has(path)) continue;
    const response = await request.get(path, { maxRedirects: 5 });
    visited.set(path, response.status());
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    for (const link of internalLinks(await response.text(), new URL(path, origin))) {
      if (visited.has(link) || queue.includes(link)) continue;
      const { key, limit } = sampleKey(link);
      if ((sampled.get(key) ?? 0) >= limit) continue;
      sampled.set(key, (sampled.get(key) ?? 0) + 1);
      linkedFrom.set(link, path);
      queue.push(link);
    }
  }
  const broken = [...visited].filter(([, status]) => status !== 200);
  expect(broken.map(([path, status]) => `${path} → ${status} (linked from ${linkedFrom.get(path)})`)).toEqual(
    [],
  );
  expect(visited.size).toBeGreaterThan(10);
  for (const path of ['/', '/blog/', '/about/', '/contact/', '/privacy/', '/terms/', '/rss.xml']) {
    expect(visited.has(path), `${path} is linked from the site`).toBe(true);
  }
});

test('an unknown path answers 404 with the not-found page', async ({ request }) => {
  for (const path of [
    '/definitely-missing',
    '/blog/no-such-post/',
    '/blog/page/999/',
    '/blog/tag/no-such-tag/',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain('We couldn’t find that page');
  }
});

test('the blog index paginates with rel prev/next links', async ({ page }) => {
  const published = blogSources().filter((post) => !post.draft).length;
  const last = Math.max(1, Math.ceil(published / POSTS_PER_PAGE));
  await page.goto('/blog/');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(Math.min(published, POSTS_PER_PAGE));
  if (last === 1) {
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
    return;
  }
  await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
  const next = page.locator('head link[rel="next"]');
  await expect(next).toHaveAttribute('href', '/blog/page/2/');
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('link', { name: /older posts/i })
    .click();
  await expect(page).toHaveURL(/\/blog\/page\/2\/$/);
  await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', '/blog/');
  await expect(page.getByText(`Page 2 of ${last}`)).toBeVisible();
});
