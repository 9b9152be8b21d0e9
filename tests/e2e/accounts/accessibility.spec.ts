import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createConfirmedUser, hydrated, PASSWORD } from './support.ts';

test('/auth has no axe violations in any step', async ({ page }) => {
  const views = ['sign-in', 'sign-up', 'magic-link', 'forgot', 'resend'];
  // A full axe run per view: up to 15 s each on a loaded machine.
  test.setTimeout(30_000 + views.length * 15_000);
  for (const view of views) {
    await page.goto(`/auth?view=${view}`);
    await hydrated(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations, view).toEqual([]);
  }
});

test('signs in with the keyboard alone, then /profile has no axe violations', async ({ page }) => {
  const { email } = await createConfirmedUser('keyboard');
  await page.goto('/auth?next=%2Fprofile');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations).toEqual([]);
});

test('an invalid submit moves focus to the error summary, whose links lead to the fields', async ({
  page,
}) => {
  await page.goto('/auth');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in' }).focus();
  await page.keyboard.press('Enter');
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('E-mail address', { exact: true })).toBeFocused();
});
