import { expect, test, type Page } from '@playwright/test';
import { createAdminWithAuthenticator } from './admin-support.ts';
import { createConfirmedUser, hydrated, signIn } from './support.ts';
import { totpCode } from '../../helpers/totp.ts';

const CSRF_MESSAGE = 'CSRF token validation failed. Please refresh the page.';

async function postSignInForm(page: Page, token: string | null) {
  await page.goto('/auth');
  await page.evaluate((value) => {
    const form = document.querySelector<HTMLFormElement>('form[action^="/auth"]');
    const field = form?.querySelector<HTMLInputElement>('input[name="csrf_token"]');
    if (!form || !field) throw new Error('no sign-in form');
    if (value === null) field.remove();
    else field.value = value;
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'someone@example.com';
    form.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'irrelevant password';
    HTMLFormElement.prototype.submit.call(form);
  }, token);
}

for (const [name, token] of [
  ['without a CSRF token', null],
  ['with a wrong CSRF token', 'a'.repeat(64)],
] as const) {
  test(`a form post ${name} is refused with 403 and the Security Error toast`, async ({ page }) => {
    const response = page.waitForResponse((candidate) => candidate.request().method() === 'POST');
    await postSignInForm(page, token);
    expect((await response).status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Security Error' })).toBeVisible();
    const toast = page.locator('[data-toast-region="alert"]');
    await expect(toast).toContainText('Security Error');
    await expect(toast).toContainText(CSRF_MESSAGE);
  });
}

test('a fetch without the CSRF header gets the JSON security error', async ({ request, baseURL }) => {
  const response = await request.post('/api/auth/sign-out', {
    headers: {
      'x-csrf-token': 'b'.repeat(64),
      origin: new URL(baseURL ?? '').origin,
      accept: 'application/json',
    },
    form: { scope: 'local' },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({ error: { title: 'Security Error', message: CSRF_MESSAGE } });
});

test('a tampered session cookie signs the visitor out with an Authentication Error', async ({
  page,
  context,
}) => {
  const { email } = await createConfirmedUser('tamper');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => /^sb-.+-auth-token$/.test(cookie.name));
  expect(session).toBeDefined();
  const decoded = JSON.parse(
    Buffer.from(session!.value.replace(/^base64-/, ''), 'base64url').toString('utf8'),
  ) as { access_token: string };
  const [header, payload] = decoded.access_token.split('.');
  const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  forged['email'] = 'attacker@example.com';
  decoded.access_token = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${decoded.access_token.split('.')[2]}`;
  await context.addCookies([
    { ...session!, value: `base64-${Buffer.from(JSON.stringify(decoded)).toString('base64url')}` },
  ]);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile/);
  await expect(page.locator('[data-toast-region="alert"]')).toContainText('Authentication Error');
  const after = await context.cookies();
  expect(after.some((cookie) => /^sb-.+-auth-token/.test(cookie.name) && cookie.value !== '')).toBe(false);
});

test('next only ever continues to a path on this site', async ({ page }) => {
  const { email } = await createConfirmedUser('redirect');
  await signIn(page, email, undefined, '//evil.example/steal');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard/);
  await page.goto('/auth?next=https%3A%2F%2Fevil.example');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard/);
});

test('a signed-in applicant who is not an administrator gets the not-found page on /admin', async ({
  page,
}) => {
  const { email } = await createConfirmedUser('notadmin');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);
  for (const path of ['/admin', '/admin-intake']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
});

test('an administrator who signed in with only the password is sent to the second step before /admin', async ({
  page,
}) => {
  const { email, secret } = await createAdminWithAuthenticator('halfadmin');
  await signIn(page, email, undefined, '/admin');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  for (const path of ['/admin', '/admin-intake', '/admin/users']) {
    const response = await page.goto(path);
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await response?.text()).not.toContain('Admissions overview');
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  }
  await hydrated(page);
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const unknown = await page.goto('/admin/anything');
  expect(unknown?.status()).toBe(404);
});
