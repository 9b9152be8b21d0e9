import { expect, test } from '@playwright/test';
import { hydrated, quietPopup, resultCount } from './support.ts';

test.describe('course search with JavaScript', () => {
  test.beforeEach(({ page }) => quietPopup(page));

  test('a typo still finds the course and says what it searched for', async ({ page }) => {
    await page.goto('/courses');
    await hydrated(page);
    await page.getByLabel('Search courses').pressSequentially('computr scince', { delay: 30 });
    await expect(page.getByText('Showing results for')).toContainText('computer science');
    await expect(page.getByRole('heading', { level: 3 }).first()).toContainText(/Computer Science/i);
    await expect(page).toHaveURL(/\/courses\?q=computr\+scince/);
  });

  test('keys typed and boxes ticked before the search hydrates are searched once it does', async ({
    page,
  }) => {
    await page.goto('/courses');
    const all = await resultCount(page);
    await expect(
      page.locator('astro-island[ssr][client="interact"][component-url*="CourseSearch"]'),
    ).toHaveCount(1);
    await page.getByLabel('Search courses').pressSequentially('nursng');
    await page.getByRole('checkbox', { name: 'Master’s' }).check();
    await expect(page.getByText('Showing results for')).toContainText('nursing');
    await expect(page).toHaveURL(/q=nursng.*level=master/);
    expect(await resultCount(page)).toBeLessThan(all);
  });

  test('filters narrow the count, by mouse and by keyboard', async ({ page }) => {
    await page.goto('/courses');
    await hydrated(page);
    const all = await resultCount(page);
    await page.getByRole('checkbox', { name: 'Master’s' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => resultCount(page)).toBeLessThan(all);
    const masters = await resultCount(page);
    await expect(page).toHaveURL(/level=master/);
    await page.getByLabel('Field of study').selectOption('Nursing');
    await expect.poll(() => resultCount(page)).toBeLessThan(masters);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Master’s' })).toBeChecked();
    expect(await resultCount(page)).toBeLessThan(masters);
  });
});

test.describe('course search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form searches on the server and offers the corrected spelling', async ({ page }) => {
    await page.goto('/courses');
    const all = await resultCount(page);
    await page.getByLabel('Search courses').fill('nursng');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=nursng/);
    await expect(page.getByText('Showing results for')).toContainText('nursing');
    expect(await resultCount(page)).toBeLessThan(all);
  });

  test('filters and sorting work through the GET form', async ({ page }) => {
    await page.goto('/courses');
    const all = await resultCount(page);
    await page.getByRole('checkbox', { name: 'Doctorate' }).check();
    await page.getByLabel('Sort by').selectOption('tuition_asc');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/level=doctorate/);
    expect(await resultCount(page)).toBeLessThan(all);
    await expect(page.getByRole('navigation', { name: 'Course result pages' })).toBeVisible();
  });

  test('the university list filters by country', async ({ page }) => {
    await page.goto('/universities');
    const all = await resultCount(page);
    await page.getByRole('checkbox', { name: /^Ireland/ }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    expect(await resultCount(page)).toBeLessThan(all);
    await expect(page.getByRole('article').first()).toContainText('Ireland');
  });
});
