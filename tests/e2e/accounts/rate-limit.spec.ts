import { expect, test } from '@playwright/test';
import { createConfirmedUser, hydrated } from './support.ts';

// The auth server refuses an account for 15 minutes after this many failed password sign-ins.
const FAILED_SIGN_INS_ALLOWED = 10;

test('repeated wrong passwords end in the Rate Limit toast and keep the e-mail address', async ({ page }) => {
  const { email } = await createConfirmedUser('throttled');
  await page.goto('/auth');
  await hydrated(page);
  const emailField = page.getByLabel('E-mail address', { exact: true });
  await emailField.fill(email);

  const attempt = async () => {
    const response = page.waitForResponse((candidate) => candidate.request().method() === 'POST');
    await page.getByLabel('Password', { exact: true }).fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    return (await response).status();
  };
  for (let count = 0; count < FAILED_SIGN_INS_ALLOWED; count += 1) {
    expect(await attempt()).not.toBe(429);
  }
  expect(await attempt()).toBe(429);

  const toast = page.locator('[data-toast-region="alert"]');
  await expect(toast).toContainText('Rate Limit');
  await expect(toast).toContainText('Too many requests. Please wait a moment before trying again.');
  await expect(emailField).toHaveValue(email);
});
