import { expect, test, type APIRequestContext } from '@playwright/test';
import { blogSources } from './support/site-pages.ts';

/** Islands allowed on public content pages; each one ships only its own module graph. */
const PUBLIC_ISLANDS = ['ToastRegion', 'LeadModal', 'LeadPopup'];
/** Inline executable script budget per page: the island bootstrap, nav indicator and menu. */
const INLINE_SCRIPT_BUDGET = 12_000;

const firstPost = blogSources().find((post) => !post.draft);
const CONTENT_PAGES = ['/', '/about/', '/blog/', ...(firstPost ? [`/blog/${firstPost.slug}/`] : [])];

/** Every module reachable from the given entry modules through static or dynamic imports. */
async function moduleGraph(request: APIRequestContext, entries: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const source = await (await request.get(path)).text();
    for (const match of source.matchAll(/\b(?:from|import)\s*\(?\s*["'`]([^"'`]+\.js)["'`]/g)) {
      queue.push(new URL(match[1] ?? '', new URL(path, 'http://site.invalid')).pathname);
    }
  }
  return seen;
}

for (const path of CONTENT_PAGES) {
  test(`${path} loads only the public islands' JavaScript, without blocking`, async ({ page, request }) => {
    const requested = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') requested.add(new URL(req.url()).pathname);
    });
    await page.goto(path);
    await expect(page.locator('astro-island')).not.toHaveCount(0);
    await expect(page.locator('astro-island[ssr]'), 'islands hydrate').toHaveCount(0);

    const islands = await page.locator('astro-island').evaluateAll((elements) =>
      elements.map((el) => ({
        component: el.getAttribute('component-url') ?? '',
        renderer: el.getAttribute('renderer-url') ?? '',
        directive: el.getAttribute('client') ?? '',
      })),
    );
    for (const island of islands) {
      const name = island.component.split('/').pop()?.split('.')[0] ?? '';
      expect(PUBLIC_ISLANDS, `island ${island.component}`).toContain(name);
      expect(['idle', 'visible', 'media'], `${name} hydrates without blocking`).toContain(island.directive);
    }
    const allowed = await moduleGraph(
      request,
      islands.flatMap((island) => [island.component, island.renderer]).filter(Boolean),
    );
    expect([...requested].filter((script) => !allowed.has(script))).toEqual([]);

    const scripts = await page.locator('script').evaluateAll((elements) =>
      (elements as HTMLScriptElement[]).map((s) => ({
        src: s.getAttribute('src'),
        type: s.type,
        nonBlocking: s.type === 'module' || s.async || s.defer,
        length: s.textContent?.length ?? 0,
      })),
    );
    for (const script of scripts.filter((s) => s.src)) {
      expect(script.nonBlocking, `${script.src} is module, async or defer`).toBe(true);
      expect(allowed.has(new URL(script.src ?? '', page.url()).pathname)).toBe(true);
    }
    const inline = scripts.filter((s) => !s.src && (s.type === '' || s.type === 'module'));
    expect(inline.reduce((sum, s) => sum + s.length, 0)).toBeLessThan(INLINE_SCRIPT_BUDGET);
  });
}
