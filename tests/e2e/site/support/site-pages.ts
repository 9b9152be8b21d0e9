import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';

export const MISSING_PATH = '/definitely-missing';

/** `<loc>` values of a sitemap document, as paths (the build's site origin may differ from the test server's). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
}

/** Every prerendered public page, as the sitemap index lists them. */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const index = await request.get('/sitemap-index.xml');
  if (!index.ok()) throw new Error(`/sitemap-index.xml answered ${index.status()}`);
  const pages: string[] = [];
  for (const sitemap of sitemapPaths(await index.text())) {
    const response = await request.get(sitemap);
    if (!response.ok()) throw new Error(`${sitemap} answered ${response.status()}`);
    pages.push(...sitemapPaths(await response.text()));
  }
  return pages;
}

export interface BlogSource {
  slug: string;
  draft: boolean;
}

const BLOG_DIR = join(process.cwd(), 'content', 'blog');

/** The posts editors wrote, read from content/blog frontmatter. `_`-prefixed files never publish. */
export function blogSources(): BlogSource[] {
  return readdirSync(BLOG_DIR)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const text = readFileSync(join(BLOG_DIR, name), 'utf8');
      const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
      const draft = /^draft:\s*(true|yes)\s*$/im.test(frontmatter) || name.startsWith('_');
      return { slug: name.replace(/\.md$/, ''), draft };
    });
}
