import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COURSE, hydrated, signInNewApplicant } from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map(
      (violation) =>
        `${where}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('every step of the application, the applications page and the dashboard pass axe', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInNewApplicant(context, baseURL ?? '');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Find a course' }).first()).toBeVisible();
  await expectNoViolations(page, 'empty dashboard');
  await page.goto('/applications');
  await expect(page.getByRole('link', { name: 'Find a course' })).toBeVisible();
  await expectNoViolations(page, 'no applications');

  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await expectNoViolations(page, 'course step');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/draft=/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expectNoViolations(page, 'personal details with errors');
  const steps = page.getByRole('navigation', { name: 'Application steps' }).getByRole('button');
  for (const name of [
    'Personal details',
    'Academic history',
    'English test',
    'Personal statement',
    'Documents',
    'Review and submit',
  ]) {
    await steps.filter({ hasText: name }).click();
    const heading = page.getByRole('heading', { level: 2, name });
    await expect(heading).toBeFocused();
    await expect(steps.filter({ hasText: name })).toHaveAttribute('aria-current', 'step');
    await expectNoViolations(page, name);
  }
  await page.goto('/applications');
  await expectNoViolations(page, 'applications with a draft');
  await page.goto('/dashboard');
  await expectNoViolations(page, 'dashboard with a draft');
});

test('the wizard can be completed step to step with the keyboard alone', async ({
  page,
  context,
  baseURL,
}) => {
  await signInNewApplicant(context, baseURL ?? '');
  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Save and continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Full name')).toBeFocused();
});
