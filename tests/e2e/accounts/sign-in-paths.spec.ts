import { expect, test } from '@playwright/test';
import { serviceClient } from '../applications/support.ts';
import {
  codeIn,
  createConfirmedUser,
  hydrated,
  latestMail,
  linkIn,
  PASSWORD,
  signIn,
  uniqueEmail,
} from './support.ts';

test('a wrong password gets a clear message and keeps the e-mail address', async ({ page }) => {
  const { email } = await createConfirmedUser('wrong');
  await signIn(page, email, 'not the right password');
  await expect(page.getByTestId('error-summary')).toContainText(
    'The e-mail address or password is incorrect.',
  );
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(email);
});

test('an unconfirmed account is told to confirm its e-mail address', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await page.goto('/auth?view=sign-up');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('we sent a confirmation link and a code')).toBeVisible();
  await signIn(page, email);
  await expect(page.getByTestId('error-summary')).toContainText('Your e-mail address is not confirmed yet.');
});

test('a confirmation link opened in another browser confirms the address and says so on the sign-in page', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('elsewhere');
  await page.goto('/auth?view=sign-up');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('we sent a confirmation link and a code')).toBeVisible();

  // The phone's mail app opens the link in a browser that never saw the sign-up.
  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const phone = await other.newPage();
  await phone.goto(linkIn(await latestMail(email, 'confirmation')));
  await expect(phone).toHaveURL(/\/auth\?view=sign-in/);
  await expect(
    phone.getByText('Your e-mail address is confirmed. The link opened in a different browser'),
  ).toBeVisible();
  await signIn(phone, email);
  await expect(phone).not.toHaveURL(/\/auth/);
  await other.close();
});

test('a short or common password is refused before it is sent', async ({ page }) => {
  await page.goto('/auth?view=sign-up');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Repeat the password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: /too common/ })).toBeVisible();
});

test('resending without an e-mail address shows the required message', async ({ page }) => {
  await page.goto('/auth?view=resend');
  await hydrated(page);
  await page.getByRole('button', { name: 'Resend e-mail' }).click();
  await expect(page.getByTestId('error-summary')).toContainText(
    'You must provide either an email or phone number and a type',
  );
});

test('recovers a forgotten password through the e-mailed link', async ({ page }) => {
  const { email } = await createConfirmedUser('recover');
  await page.goto('/auth?view=forgot&next=%2Fprofile');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('we sent it a link and a code to reset your password')).toBeVisible();
  await page.goto(linkIn(await latestMail(email, 'recovery')));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('New password', { exact: true }).fill('recovered passphrase 77');
  await page.getByLabel('Repeat the new password').fill('recovered passphrase 77');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn(page, email, 'recovered passphrase 77');
  await expect(page).toHaveURL(/\/profile$/);
});

test('signs in with an e-mail link, and with the e-mailed code', async ({ page }) => {
  const { email } = await createConfirmedUser('magic');
  await page.goto('/auth?view=magic-link&next=%2Fprofile');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code from your e-mail' })).toBeVisible();
  await page.goto(linkIn(await latestMail(email, 'magic_link')));
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();

  await page.goto('/auth?view=magic-link&next=%2Fprofile');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  // The auth server sends one e-mail a second to an address (max_frequency): asked again within
  // that second, it says to wait, and pressing again once it has passed sends the link.
  await expect(async () => {
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 10_000 });
  await page
    .getByRole('textbox', { name: 'Code', exact: true })
    .fill(codeIn(await latestMail(email, 'magic_link')));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a member of staff who signs in without asking for a page lands on the admin console, an applicant on the dashboard', async ({
  page,
  browser,
}) => {
  const staff = await createConfirmedUser('staff-landing');
  const granted = await (
    await serviceClient()
  )
    .from('user_roles')
    .insert({ user_id: staff.id, role: 'counsellor' });
  expect(granted.error).toBeNull();
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const applicant = await createConfirmedUser('applicant-landing');
  const other = await browser.newPage();
  await other.goto('/auth');
  await hydrated(other);
  await other.getByLabel('E-mail address', { exact: true }).fill(applicant.email);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.close();
});
