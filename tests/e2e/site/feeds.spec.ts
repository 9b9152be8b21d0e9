import { expect, test } from '@playwright/test';
import { blogSources, publicPages, sitemapPaths } from './support/site-pages.ts';

const posts = blogSources();
const published = posts.filter((post) => !post.draft).map((post) => `/blog/${post.slug}/`);
const drafts = posts.filter((post) => post.draft).map((post) => `/blog/${post.slug}/`);

test('the content has published posts to check against', () => {
  expect(published.length).toBeGreaterThan(0);
});

test('the RSS feed lists every published post and no draft', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  const items = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>[\s\S]*?<\/item>/g)].map(
    (match) => new URL(match[1] ?? '').pathname,
  );
  expect(items.toSorted()).toEqual(published.toSorted());
  for (const draft of drafts) expect(xml).not.toContain(draft);
});

test('the sitemap lists every published post and no draft', async ({ request }) => {
  const pages = await publicPages(request);
  for (const post of published) expect(pages).toContain(post);
  for (const draft of drafts) expect(pages).not.toContain(draft);
  expect(new Set(pages).size, 'no duplicates').toBe(pages.length);
});

test('drafts are not built at all', async ({ request }) => {
  for (const draft of drafts) {
    expect((await request.get(draft)).status(), draft).toBe(404);
  }
  const blog = await (await request.get('/blog/')).text();
  const home = await (await request.get('/')).text();
  for (const draft of drafts) {
    expect(blog).not.toContain(draft);
    expect(home).not.toContain(draft);
  }
});

test('robots.txt points crawlers at the sitemap index first', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  const sitemap = /^Sitemap:\s*(\S+)$/m.exec(text)?.[1] ?? '';
  expect(new URL(sitemap).pathname).toBe('/sitemap-index.xml');
  expect(text).toMatch(/^Disallow: \/dashboard$/m);
  const index = await request.get('/sitemap-index.xml');
  expect(sitemapPaths(await index.text()).length).toBeGreaterThan(0);
});
