import { expect, test, type Page } from '@playwright/test';
import { NAV_ITEMS } from '../../../src/site.ts';

const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Tab reaches the skip link first, then every header link in order', async ({ page }) => {
    await page.goto('/blog/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    const headerLinks = await page
      .getByRole('banner')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // A visitor's Sign in comes last and returns to this page.
    expect(headerLinks).toEqual(['/', ...NAV_ITEMS.map((item) => item.href), '/auth?next=%2Fblog%2F']);
    for (const href of headerLinks) {
      await page.keyboard.press('Tab');
      expect(await focusedHref(page)).toBe(href);
    }
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/about/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() =>
      document.querySelector('main')?.contains(document.activeElement),
    );
    expect(inMain).toBe(true);
  });

  test('the current section is marked in the navigation', async ({ page }) => {
    await page.goto('/blog/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

test.describe('narrow viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens with Enter, its links follow in Tab order, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.locator('#site-nav-list');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // logo
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();

    for (const item of NAV_ITEMS) {
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: item.label })).toBeFocused();
    }

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('Space toggles the menu open and closed', async ({ page }) => {
    await page.goto('/about/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#site-nav-list')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#site-nav-list')).toBeHidden();
  });

  test('a click outside the open menu closes it', async ({ page }) => {
    await page.goto('/about/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(195, 800);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
