import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../helpers/totp.ts';
import { codeIn, hydrated, latestMail, linkIn, PASSWORD, signIn, uniqueEmail } from './support.ts';

test.describe.configure({ mode: 'serial' });

const email = uniqueEmail('journey');
let secret = '';
let recoveryCodes: string[] = [];

async function expectNoAxeViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations, state).toEqual([]);
}

test('signs up, confirms through the e-mailed link and lands signed in', async ({ page }) => {
  await page.goto('/auth?view=sign-up&next=%2Fprofile');
  await hydrated(page);
  await page.getByLabel('Full name (optional)').fill('Ada Journey');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`we sent a confirmation link and a code to ${email}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter the code from your e-mail' })).toBeVisible();

  const mail = await latestMail(email, 'confirmation');
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Journey');
});

test('signs in with the password and turns on two-step verification', async ({ page }) => {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('6-digit code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByTestId('mfa-status')).toContainText('On');
  const shown = page.getByTestId('recovery-codes');
  await expect(shown.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await shown.getByRole('listitem').allTextContents();
  await expectNoAxeViolations(page, 'recovery codes shown');
  expect(new Set(recoveryCodes).size).toBe(10);
  await expect(page.getByRole('link', { name: 'Download as a text file' })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(recoveryCodes[0] ?? 'none')),
  );
  await page.reload();
  await expect(page.getByTestId('recovery-status')).toContainText('10 of 10 recovery codes unused');
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile/);
});

test('asks for the authenticator code at sign-in, then changes the password with an e-mailed nonce', async ({
  page,
}) => {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('error-summary')).toContainText('not right');
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);

  await page.getByRole('button', { name: 'E-mail me a verification code' }).click();
  await expect(page.getByText(`We e-mailed a verification code to ${email}`)).toBeVisible();
  const nonce = codeIn(await latestMail(email, 'reauthentication'));
  await page.getByLabel('Verification code').fill(nonce);
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase 42');
  await page.getByLabel('Repeat the new password').fill('a brand new passphrase 42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
});

test('signs out other devices and keeps this one signed in', async ({ browser, page }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  for (const current of [page, otherPage]) {
    await signIn(current, email, 'a brand new passphrase 42');
    await current.getByLabel('Authentication code').fill(totpCode(secret));
    await current.getByRole('button', { name: 'Verify' }).click();
    await expect(current).toHaveURL(/\/profile$/);
  }
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText('You are signed out on every other device.').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/auth\?next=%2Fprofile/);
  await expect(otherPage.getByText('Authentication Error')).toBeVisible();
  await other.close();
});

test('lost the phone: a recovery code signs in once, turns two-step verification off and is e-mailed', async ({
  page,
}) => {
  await signIn(page, email, 'a brand new passphrase 42');
  await page.getByRole('link', { name: 'Lost your authenticator app? Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page, 'the recovery code step');
  await page.getByRole('textbox', { name: 'Recovery code' }).fill('zzzzz-zzzzz');
  await page.getByRole('button', { name: 'Use the recovery code' }).click();
  await expect(page.getByTestId('error-summary')).toContainText('not right, or it has been used already');
  await page.getByRole('textbox', { name: 'Recovery code' }).fill((recoveryCodes[3] ?? '').toUpperCase());
  await page.getByRole('button', { name: 'Use the recovery code' }).click();
  await expect(page).toHaveURL(/\/profile#security$/);
  await expect(page.getByText('Signed in with a recovery code')).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toContainText('Off');
  const mail = await latestMail(email, 'mfa_recovery_used');
  expect(mail.subject).toBe('A recovery code was used to sign in to Unipath');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn(page, email, 'a brand new passphrase 42');
  await expect(page).toHaveURL(/\/profile$/);
});
