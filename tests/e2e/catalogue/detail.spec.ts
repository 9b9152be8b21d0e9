import { expect, test } from '@playwright/test';
import { COURSE_ID, COURSE_SLUG, quietPopup, UNIVERSITY_ID, UNIVERSITY_SLUG } from './support.ts';

test.beforeEach(({ page }) => quietPopup(page));

test('a university id redirects permanently to the slug address', async ({ request, page }) => {
  const response = await request.get(`/universities/${UNIVERSITY_ID}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe(`/universities/${UNIVERSITY_SLUG}`);
  await page.goto(`/universities/${UNIVERSITY_ID}`);
  await expect(page).toHaveURL(new RegExp(`/universities/${UNIVERSITY_SLUG}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ashcombe University');
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('')).toContain('"CollegeOrUniversity"');
});

test('a course id redirects to the slug and the page shows costs, intakes and structured data', async ({
  page,
  request,
}) => {
  const response = await request.get(`/courses/${COURSE_ID}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  await page.goto(`/courses/${COURSE_SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Graduate Diploma in Clinical Pharmacy');
  await expect(page.getByText('Total first-year cost')).toBeVisible();
  await expect(page.getByRole('table', { name: /Intakes of/ })).toBeVisible();
  await expect(page.getByText(/last checked with the university on/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply now' })).toHaveAttribute(
    'href',
    `/admission-application?course=${COURSE_ID}`,
  );
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('')).toContain('"@type":"Course"');
});

test('unknown universities and courses get the not-found page with 404', async ({ page }) => {
  for (const path of ['/universities/no-such-place', '/courses/no-such-course', '/universities/%E2%9C%93']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
  }
});

test('the chosen display currency is remembered and used for converted amounts', async ({ page }) => {
  await page.goto(`/courses/${COURSE_SLUG}`);
  await page.getByLabel('Show prices in').selectOption('USD');
  await page.getByRole('button', { name: 'Apply currency' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${COURSE_SLUG}$`));
  await expect(page.getByText('Total first-year cost in USD')).toBeVisible();
  // US dollars read as US$, never as a bare "$" another dollar could share.
  await expect(page.getByText(/≈ US\$/).first()).toBeVisible();
  await expect(page.getByText(/(^|[^A-Z])\$\d/)).toHaveCount(0);
  await page.goto('/universities');
  await expect(page.getByLabel('Show prices in')).toHaveValue('USD');

  // An applicant from Nigeria reads the costs in naira, every converted figure marked as such.
  await page.goto(`/courses/${COURSE_SLUG}`);
  await page.getByLabel('Show prices in').selectOption('NGN');
  await page.getByRole('button', { name: 'Apply currency' }).click();
  await expect(page.getByText('Total first-year cost in NGN')).toBeVisible();
  const living = page
    .locator('dt', { hasText: 'Living costs (our estimate, a year)' })
    .locator('xpath=following-sibling::dd');
  await expect(living).toContainText(/^≈ ₦[\d,]+/);
  await expect(page.getByText(/\(≈ ₦[\d,]+\)/).first()).toBeVisible();
});

test('catalogue pages are cacheable for visitors and served again from memory', async ({ request }) => {
  const first = await request.get('/universities?sort=ranking');
  expect(first.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  // A staff edit made by a test on the other worker changes the catalogue between two requests now
  // and then, and rightly drops the stored page: the pair is asked again until none came between.
  await expect
    .poll(async () => {
      const rendered = await request.get('/universities?sort=ranking');
      const again = await request.get('/universities?sort=ranking');
      const same = (await again.text()) === (await rendered.text());
      return `${again.headers()['x-catalogue-cache']}, ${same ? 'same page' : 'another page'}`;
    })
    .toBe('hit, same page');
});
