import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { findRunOns } from '../site/support/run-ons.ts';
import { createClient } from '@supabase/supabase-js';
import { stackKeys } from '../stack-keys.ts';
import {
  createConfirmedUser,
  hydrated,
  latestMail,
  linkIn,
  PASSWORD,
  STACK_URL,
  uniqueEmail,
} from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Records, as the document finishes parsing (before any module script), which header parts show. */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const shown = (selector: string) =>
        [...document.querySelectorAll(selector)].some((el) => getComputedStyle(el).display !== 'none');
      const banner = 'header a[href^="/auth"]';
      (window as unknown as { firstPaint: unknown }).firstPaint = {
        signIn: [...document.querySelectorAll(banner)].some(
          (el) => el.textContent?.trim() === 'Sign in' && getComputedStyle(el).display !== 'none',
        ),
        account: shown('header [aria-label="Account"]'),
      };
    });
  });
}
const firstPaint = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { firstPaint: { signIn: boolean; account: boolean } }).firstPaint,
  );

async function openMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /^Menu/ }).tap();
  return page.getByRole('banner').getByRole('list', { name: 'Account' });
}

async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function signInFromHeader(page: Page, path: string, email: string, touch = true) {
  await page.goto(path);
  const link = page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).first();
  await (touch ? link.tap() : link.click());
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path).replace(/[?]/g, '\\?')}`));
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await (touch ? submit.tap() : submit.click());
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

for (const path of ['/about/', '/courses/']) {
  test(`signs in from the header on ${path} and comes back signed in, with the account menu`, async ({
    page,
  }) => {
    // Two full-page axe runs on a catalogue page take most of the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const { email } = await createConfirmedUser('header');
    await recordFirstPaint(page);
    await page.goto(path);
    expect(await firstPaint(page), 'a visitor never sees the account menu').toEqual({
      signIn: true,
      account: false,
    });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await openMenu(page).catch(() => undefined);
    await expectAccessible(page, `${path} visitor, menu open`);

    await signInFromHeader(page, path, email);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    expect(await firstPaint(page), 'signed in, the page draws the account menu from the start').toEqual({
      signIn: false,
      account: true,
    });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeHidden();
    const account = await openMenu(page);
    await expect(account.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Applications' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expectAccessible(page, `${path} signed in, menu open`);
    await account.getByRole('button', { name: 'Sign out' }).tap();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.locator('[data-toast-region="status"]')).toContainText('You are signed out.');
    await page.goto(path);
    expect(await firstPaint(page), 'signed out, the visitor state is back').toEqual({
      signIn: true,
      account: false,
    });
  });
}

test('the app pages keep the catalogue links and fit the account menu on a phone', async ({ page }) => {
  const { email } = await createConfirmedUser('app-header');
  await signInFromHeader(page, '/about/', email);
  await page.goto('/dashboard');
  await hydrated(page);
  const banner = page.getByRole('banner');
  const box = await banner.boundingBox();
  expect(box?.height ?? 0, 'the header stays one row').toBeLessThanOrEqual(72);
  const account = await openMenu(page);
  await expect(banner.getByRole('link', { name: 'Courses' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Universities' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page, '/dashboard menu open');
  expect(await findRunOns(page)).toEqual([]);
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('a signed-in person meets one header: the same links on an app page as on a public one', async ({
    page,
  }) => {
    const { email } = await createConfirmedUser('same-header');
    await signInFromHeader(page, '/about/', email, false);
    const links = async (path: string) => {
      await page.goto(path);
      return page.getByRole('banner').getByRole('link').allInnerTexts();
    };
    const onAbout = await links('/about/');
    expect(onAbout).toEqual(expect.arrayContaining(['Courses', 'Universities', 'Discover', 'Dashboard']));
    for (const path of ['/dashboard', '/applications', '/profile'])
      expect(await links(path), path).toEqual(onAbout);
  });

  test('the account menu opens, lists the account pages and closes with Escape', async ({ page }) => {
    const { email } = await createConfirmedUser('laptop');
    await signInFromHeader(page, '/about/', email, false);
    await page.goto('/profile');
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await account.locator('summary').click();
    await expect(account.getByRole('link', { name: 'Applications' })).toBeVisible();
    await expectAccessible(page, '/profile account menu open');
    await page.keyboard.press('Escape');
    await expect(account.getByRole('link', { name: 'Applications' })).toBeHidden();
    expect(await findRunOns(page)).toEqual([]);
  });
});

test('the code step focuses the code field', async ({ page }) => {
  const { email } = await createConfirmedUser('code-focus');
  await page.goto('/auth?view=magic-link&next=%2Fprofile');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).tap();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeFocused();
});

test('a resent confirmation keeps next, and its link lands on the dashboard without a hydration error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Signed up but not confirmed yet (made directly, so only the resend counts against the stack's limit).
  const email = uniqueEmail('resend');
  const keys = await stackKeys(STACK_URL);
  const admin = createClient(STACK_URL, keys.serviceRoleKey, { auth: { persistSession: false } });
  const { error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: false });
  expect(error).toBeNull();
  await page.goto('/auth?view=resend&next=%2Fdashboard');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Resend e-mail' }).tap();
  await expect(page.getByText('we sent it a new link and code')).toBeVisible();
  const link = linkIn(await latestMail(email, 'confirmation'));
  expect(new URL(new URL(link).searchParams.get('redirect_to') ?? '').searchParams.get('next')).toBe(
    '/dashboard',
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('[data-toast-region="status"]')).toContainText('you are signed in');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(errors.filter((text) => /hydrat|#418|Minified React error/i.test(text))).toEqual([]);
});
