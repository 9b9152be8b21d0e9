import { expect, test } from '@playwright/test';
import { startFreshInstall, type FreshInstall } from '../admin/fresh-install.ts';
import { createConfirmedUser, hydrated } from './support.ts';

// A server of its own with the app's per-address sign-in limit as a deployment sets it (the shared
// e2e server lifts it, since every spec signs in from 127.0.0.1).
const SIGN_INS_ALLOWED = 10;
const APP_PORT = Number(process.env['E2E_PORT'] ?? 4399) + 200;
const STACK_PORT = Number(process.env['E2E_SUPABASE_PORT'] ?? 54399) + 200;

let server: FreshInstall;
test.beforeAll(async () => {
  server = await startFreshInstall(APP_PORT, STACK_PORT, { AUTH_RATE_LIMIT: String(SIGN_INS_ALLOWED) });
});
test.afterAll(() => server.stop());

test('repeated wrong passwords end in the Rate Limit toast and keep the e-mail address', async ({ page }) => {
  const { email } = await createConfirmedUser('throttled', undefined, server.stackUrl);
  await page.goto(`${server.baseURL}/auth`);
  await hydrated(page);
  const emailField = page.getByLabel('E-mail address', { exact: true });
  await emailField.fill(email);

  const attempt = async () => {
    const response = page.waitForResponse((candidate) => candidate.request().method() === 'POST');
    await page.getByLabel('Password', { exact: true }).fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    return (await response).status();
  };
  for (let count = 0; count < SIGN_INS_ALLOWED; count += 1) {
    expect(await attempt()).not.toBe(429);
  }
  expect(await attempt()).toBe(429);

  const toast = page.locator('[data-toast-region="alert"]');
  await expect(toast).toContainText('Rate Limit');
  await expect(toast).toContainText('Too many requests. Please wait a moment before trying again.');
  await expect(emailField).toHaveValue(email);
});
