import { expect, type Page } from '@playwright/test';

/**
 * Waits until every island on the page has hydrated, acting as a visitor would where an island waits
 * for one (`client:interact`): the pointer moves over each island that shows something, and then
 * over the page, which wakes islands that show nothing yet (an empty compare tray). A move made before
 * an island's script has started listening wakes nothing, so the visitor keeps acting (the pointer, then
 * a Shift key press) until every island has hydrated. Islands that wake when seen are scrolled to first.
 */
export async function hydrated(page: Page): Promise<void> {
  // Islands that wake when seen (`client:visible`) are scrolled to, as a reader scrolling down would.
  // Done in the page, so an island that wakes between the count and the scroll is simply passed by.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const unseen = document.querySelector('astro-island[ssr][client="visible"]');
        // An island is `display: contents`, with no box of its own: what it shows is scrolled to.
        (unseen?.firstElementChild ?? unseen)?.scrollIntoView({ block: 'center' });
        return document.querySelectorAll('astro-island[ssr][client="visible"]').length;
      }),
    )
    .toBe(0);
  const waiting = page.locator('astro-island[ssr][client="interact"]:has(> *)');
  for (let left = await waiting.count(); left > 0; left = await waiting.count()) {
    await waiting.first().locator(':scope > *').first().hover();
    await expect.poll(() => waiting.count()).toBeLessThan(left);
  }
  const asleep = page.locator('astro-island[ssr][client="interact"]');
  await expect
    .poll(async () => {
      if ((await asleep.count()) > 0) {
        await page.mouse.move(2, 2);
        await page.mouse.move(8, 8);
        // The pointer resting over one element fires no new pointerover; a key press (Shift, which
        // types nothing) is an interaction the island hears however late it started listening.
        await page.keyboard.press('Shift');
      }
      return page.locator('astro-island[ssr]').count();
    })
    .toBe(0);
}
