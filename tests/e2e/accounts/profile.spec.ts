import { expect, test } from '@playwright/test';
import { createConfirmedUser, hydrated, latestMail, signIn } from './support.ts';

test('saves personal details, education and test scores, with instant field errors', async ({ page }) => {
  const { email } = await createConfirmedUser('profile');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);

  const personal = page.locator('#personal');
  await personal.getByLabel('Full name').fill('Grace Applicant');
  await personal.getByLabel('Phone').fill('call me');
  await personal.getByRole('button', { name: 'Save personal details' }).click();
  await expect(personal.getByTestId('error-summary')).toContainText('Enter a phone number');
  await personal.getByLabel('Phone').fill('+44 20 7946 0000');
  await personal.getByLabel('Nationality').selectOption('GB');
  await personal.getByRole('button', { name: 'Save personal details' }).click();
  await expect(personal.getByText('Your personal details are saved.')).toBeVisible();

  const education = page.locator('#education');
  await education.getByLabel('School or university').fill('University of Leeds');
  await education.getByLabel('Qualification').fill('BSc');
  await education.getByLabel('Start year').fill('2019');
  await education.getByLabel('End year').fill('2022');
  await education.getByRole('button', { name: 'Save education' }).click();
  await expect(education.getByText('Your education history is saved.')).toBeVisible();

  const tests = page.locator('#tests');
  await tests.getByLabel('Test').selectOption('ielts');
  await tests.getByLabel('Overall score').fill('7.5');
  await tests.getByLabel('Date taken').fill('2025-03-01');
  await tests.getByRole('button', { name: 'Save test scores' }).click();
  await expect(tests.getByText('Your test scores are saved.')).toBeVisible();

  await page.reload();
  await expect(page.locator('#personal').getByLabel('Full name')).toHaveValue('Grace Applicant');
  await expect(page.locator('#education').getByLabel('School or university').first()).toHaveValue(
    'University of Leeds',
  );
  await expect(page.locator('#tests').getByLabel('Overall score').first()).toHaveValue('7.5');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export my data' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8')) as {
    profiles: { full_name: string }[];
  };
  expect(exported.profiles[0]?.full_name).toBe('Grace Applicant');
});

test('deletes the account after the typed confirmation', async ({ page }) => {
  const { email } = await createConfirmedUser('delete');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);
  const zone = page.locator('#your-data');
  await zone.getByRole('button', { name: 'Delete my account' }).click();
  await expect(zone.getByTestId('error-summary')).toContainText('Type DELETE to confirm.');
  await zone.getByLabel('Type DELETE to confirm').fill('DELETE');
  await zone.getByRole('button', { name: 'Delete my account' }).click();
  // Confirmed on the page and by e-mail, the last message the address gets.
  await expect(page).toHaveURL(/\/account-deleted\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account has been deleted');
  const letter = await latestMail(email, 'account_deleted');
  expect(letter.subject).toBe('Your Unipath account has been deleted');
  await signIn(page, email);
  await expect(page.getByTestId('error-summary')).toContainText(
    'The e-mail address or password is incorrect.',
  );
});
