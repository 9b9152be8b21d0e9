import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD, serviceClient, signInWithCookies } from '../applications/support.ts';
import { startFreshInstall, type FreshInstall } from './fresh-install.ts';

const APP_PORT = Number(process.env['E2E_PORT'] ?? 4399) + 100;
const STACK_PORT = Number(process.env['E2E_SUPABASE_PORT'] ?? 54399) + 100;

let install: FreshInstall;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  install = await startFreshInstall(APP_PORT, STACK_PORT);
});
test.afterAll(async () => {
  await install.stop();
});

/** A confirmed account on the fresh install with a browser context signed in as it. */
async function signedInUser(
  browser: Browser,
  label: string,
): Promise<{ context: BrowserContext; page: Page; id: string; email: string }> {
  const service = await serviceClient(install.stackUrl);
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const context = await browser.newContext({ baseURL: install.baseURL });
  await signInWithCookies(context, install.baseURL, email, install.stackUrl);
  return { context, page: await context.newPage(), id: created.data.user.id, email };
}

test('the first administrator is claimed with the printed token, and only once', async ({ browser }) => {
  expect(install.printedToken).toMatch(/^[\w-]{20,}$/);
  const visitor = await browser.newContext({ baseURL: install.baseURL });
  const anonymous = await visitor.newPage();
  await anonymous.goto('/setup-admin');
  await expect(anonymous.getByRole('link', { name: 'Sign in to continue' })).toBeVisible();
  await visitor.close();

  const first = await signedInUser(browser, 'first-admin');
  const second = await signedInUser(browser, 'second-claimant');
  await second.page.goto('/setup-admin');
  await expect(second.page.getByLabel('Setup token')).toBeVisible();

  await first.page.goto('/setup-admin');
  expect((await first.page.goto('/admin'))?.status()).toBe(404);
  await first.page.goto('/setup-admin');
  await first.page.getByLabel('Setup token').fill('not-the-token');
  await first.page.getByRole('button', { name: 'Become administrator' }).click();
  await expect(first.page.getByText('That setup token is not correct.')).toBeVisible();
  await first.page.getByLabel('Setup token').fill(install.printedToken);
  await first.page.getByRole('button', { name: 'Become administrator' }).click();
  await expect(first.page).toHaveURL(/\/admin$/);
  await expect(first.page.getByRole('heading', { level: 1 })).toBeVisible();

  await second.page.getByLabel('Setup token').fill(install.printedToken);
  await second.page.getByRole('button', { name: 'Become administrator' }).click();
  await expect(second.page.getByTestId('setup-complete')).toContainText('Setup is complete');
  expect((await second.page.goto('/admin'))?.status()).toBe(404);

  const service = await serviceClient(install.stackUrl);
  const { data: admins } = await service.from('user_roles').select('user_id').eq('role', 'admin');
  expect(admins).toEqual([{ user_id: first.id }]);
  const { data: audit } = await service
    .from('audit_log')
    .select('actor, action, entity, after')
    .eq('entity', 'user_roles')
    .eq('actor', first.id);
  expect(audit).toEqual([
    {
      actor: first.id,
      action: 'insert',
      entity: 'user_roles',
      after: expect.objectContaining({ role: 'admin' }),
    },
  ]);
  await first.context.close();
  await second.context.close();
});
