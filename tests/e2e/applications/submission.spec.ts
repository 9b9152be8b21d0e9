import { expect, test } from '@playwright/test';
import { completeFirstSteps, COURSE, hydrated, signInNewApplicant, STATEMENT } from './support.ts';

test('submission is refused with the missing documents, each leading to the step that fixes it', async ({
  page,
  context,
  baseURL,
}) => {
  await signInNewApplicant(context, baseURL ?? '');
  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await completeFirstSteps(page);
  await page.getByLabel('Why do you want to study this course?').fill(STATEMENT);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('error-summary')).toContainText('Passport');

  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('button', { name: /Review and submit/ })
    .click();
  const problems = page.getByTestId('submit-problems');
  await expect(problems).toContainText('Documents is not complete');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(problems).toContainText('Your application was not submitted');
  await expect(problems).toContainText('The passport document');
  await expect(problems).toBeFocused();
  await problems.getByRole('button', { name: 'Go to Documents' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeFocused();
  await page.goto('/applications');
  await expect(page.getByTestId('status-badge')).toHaveText('Draft');
});
