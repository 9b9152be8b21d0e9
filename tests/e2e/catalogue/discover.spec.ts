import { expect, test } from '@playwright/test';
import { quietPopup } from './support.ts';

test.beforeEach(({ page }) => quietPopup(page));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the answers lead to ranked matches that explain a missing English score', async ({ page }) => {
    await page.goto('/discover');
    await page.getByLabel('Level of study').selectOption('master');
    await page.getByLabel('Field of study').selectOption('Computer Science');
    await page.getByLabel('Amount').fill('30000');
    await page.getByLabel('Currency').selectOption('GBP');
    await page.getByLabel('English test').selectOption('ielts');
    await page.getByLabel('Overall score').fill('5.5');
    await page.getByLabel('Average grade of your latest studies (%)').fill('75');
    await page.getByLabel('Highest level you have completed').selectOption('bachelor');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await expect(page).toHaveURL(/level=master.*test=ielts.*score=5\.5/);
    const first = page.getByRole('heading', { name: 'Your matches' });
    await expect(first).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What is missing' }).first()).toBeVisible();
    await expect(page.getByText(/needs IELTS \d\.\d — you have 5\.5/).first()).toBeVisible();
    await expect(page.getByText(/grade 75% ≥ \d+% required/).first()).toBeVisible();
  });
});

test('a shared results address reproduces the answers and the matches', async ({ page }) => {
  await page.goto('/discover?level=bachelor&country=GB&test=ielts&score=7&budget=30000&currency=GBP&start=9');
  await expect(page.getByLabel('Overall score')).toHaveValue('7');
  await expect(page.getByRole('checkbox', { name: 'United Kingdom' })).toBeChecked();
  await expect(page.getByText(/IELTS 7\.0 ≥ \d\.\d required/).first()).toBeVisible();
  await expect(page.getByText(/within budget/).first()).toBeVisible();
});

test('the form offers the last answers back, and the page loads no React', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/discover?level=bachelor&country=GB&test=ielts&score=7&budget=30000&currency=GBP&start=9');
  await expect(page.getByRole('heading', { name: 'Your matches' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the matches for your last answers' })).toBeHidden();
  await page.goto('/discover');
  const back = page.getByRole('link', { name: 'See the matches for your last answers' });
  await expect(back).toHaveAttribute('href', /^\/discover\?level=bachelor&.*score=7/);
  await back.click();
  await expect(page.getByLabel('Overall score')).toHaveValue('7');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /\/(react|client)\.[\w-]+\.js$/.test(path))).toEqual([]);
});
