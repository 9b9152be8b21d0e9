import { expect, test, type Page } from '@playwright/test';
import {
  completeFirstSteps,
  COURSE,
  hydrated,
  signInNewApplicant,
  signInWithCookies,
  STATEMENT,
} from './support.ts';

const statement = (page: Page) => page.getByLabel('Why do you want to study this course?');

test('typing while offline or after the session ended loses nothing and syncs afterwards', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await signInNewApplicant(context, baseURL ?? '');
  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await completeFirstSteps(page);
  await statement(page).fill(STATEMENT);
  await expect(page.getByTestId('save-status')).toContainText(/Saved at/);

  await context.setOffline(true);
  await statement(page).fill(`${STATEMENT} Written offline.`);
  await expect(page.getByTestId('save-status')).toHaveText('Offline — saved on this device');
  await context.setOffline(false);
  await expect(page.getByTestId('save-status')).toContainText(/Saved at/);

  // The session cookies lapse; the browser session (and its CSRF token) goes on.
  await context.clearCookies({ name: /^sb-.+-auth-token/ });
  await statement(page).fill(`${STATEMENT} Written after the session ended.`);
  await expect(page.getByTestId('save-status')).toContainText('Your session ended — saved on this device.');
  const signIn = page.getByRole('link', { name: 'Sign in again to sync it' });
  expect(await signIn.getAttribute('href')).toMatch(
    /^\/auth\?next=%2Fadmission-application%3Fdraft%3D[0-9a-f-]{36}$/,
  );

  await signInWithCookies(context, baseURL ?? '', email);
  const next = decodeURIComponent((await signIn.getAttribute('href'))?.replace('/auth?next=', '') ?? '');
  await page.goto(next);
  await hydrated(page);
  await expect(statement(page)).toHaveValue(`${STATEMENT} Written after the session ended.`);
  await expect(page.getByTestId('save-status')).toContainText(/Saved at/);

  // The synced copy is the server's now: a fresh browser sees it too.
  const other = await context.browser()?.newContext();
  if (!other) throw new Error('no browser');
  await signInWithCookies(other, baseURL ?? '', email);
  const fresh = await other.newPage();
  await fresh.goto(next);
  await expect(statement(fresh)).toHaveValue(`${STATEMENT} Written after the session ended.`);
  await other.close();
});
