import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testBrowserExecutable } from './tests/helpers/chromium.ts';

const port = Number(process.env['E2E_PORT'] ?? 4399);
const executablePath = testBrowserExecutable();

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: Boolean(process.env['CI']),
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  // Journeys sign in, post forms and run axe several times; a loaded two-core runner needs headroom.
  // Budgets for speed live in `npm run bench`, never here.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // The built app plus a throwaway local stack (in-memory database) for the signed-in journeys.
  webServer: {
    command: `node tests/e2e/server.ts`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E_SUPABASE_PORT: process.env['E2E_SUPABASE_PORT'] ?? '54399',
      // The journeys pay through the test provider and read the bank details on invoices.
      PAYMENT_TEST_PROVIDER: 'on',
      PAYMENT_TEST_SECRET: 'e2e-only-test-provider-secret',
      PAYMENT_BANK_ACCOUNT_NAME: 'Unipath Test Admissions',
      PAYMENT_BANK_IBAN: 'GB33BUKB20201555555555',
      PAYMENT_BANK_BIC: 'BUKBGB22',
      PAYMENT_BANK_NAME: 'Test Bank',
    },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
