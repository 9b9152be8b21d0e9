import { expect, test, type APIRequestContext } from '@playwright/test';
import { blogSources } from './support/site-pages.ts';

/**
 * The public layout's own scripts (toast region, lead-capture loader), by source file. Content
 * pages carry no framework island: React loads only when a visitor opens the counselling dialog.
 */
const PUBLIC_SCRIPTS = ['ToastRegion', 'LeadLoader'];
/** Uncompressed bytes of every script a content page fetches while loading. */
const SCRIPT_BUDGET = 20_000;
/** Inline executable script budget per page: the nav indicator and menu. */
const INLINE_SCRIPT_BUDGET = 12_000;

const firstPost = blogSources().find((post) => !post.draft);
const CONTENT_PAGES = ['/', '/about/', '/blog/', ...(firstPost ? [`/blog/${firstPost.slug}/`] : [])];

/** Every module the given entry modules import statically; `import()` is on demand and not followed. */
async function staticGraph(request: APIRequestContext, entries: string[]): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    const source = await (await request.get(path)).text();
    seen.set(path, source.length);
    for (const match of source.matchAll(/\b(?:from|import)\s*["'`]([^"'`]+\.js)["'`]/g)) {
      queue.push(new URL(match[1] ?? '', new URL(path, 'http://site.invalid')).pathname);
    }
  }
  return seen;
}

const sourceFile = (src: string) => src.split('/').pop()?.split('.')[0] ?? '';

for (const path of CONTENT_PAGES) {
  test(`${path} loads only the public scripts, small and without blocking`, async ({ page, request }) => {
    const requested = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') requested.add(new URL(req.url()).pathname);
    });
    await page.goto(path);
    await expect(page.locator('[data-toasts][data-ready]')).toHaveCount(1);
    await expect(page.locator('astro-island'), 'no framework island').toHaveCount(0);

    const scripts = await page.locator('script').evaluateAll((elements) =>
      (elements as HTMLScriptElement[]).map((s) => ({
        src: s.getAttribute('src'),
        type: s.type,
        nonBlocking: s.type === 'module' || s.async || s.defer,
        length: s.textContent?.length ?? 0,
      })),
    );
    const external = scripts.flatMap((s) => (s.src ? [new URL(s.src, page.url()).pathname] : []));
    for (const script of scripts.filter((s) => s.src)) {
      expect(script.nonBlocking, `${script.src} is module, async or defer`).toBe(true);
      expect(PUBLIC_SCRIPTS, `${script.src}`).toContain(sourceFile(script.src ?? ''));
    }
    const allowed = await staticGraph(request, external);
    expect([...requested].filter((script) => !allowed.has(script))).toEqual([]);
    const bytes = [...requested].reduce((sum, script) => sum + (allowed.get(script) ?? 0), 0);
    expect(bytes).toBeLessThan(SCRIPT_BUDGET);
    const inline = scripts.filter((s) => !s.src && (s.type === '' || s.type === 'module'));
    expect(inline.reduce((sum, s) => sum + s.length, 0)).toBeLessThan(INLINE_SCRIPT_BUDGET);
  });
}
