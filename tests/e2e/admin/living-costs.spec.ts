import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInNewApplicant } from '../applications/support.ts';
import { expectNoViolations, noHorizontalScroll, serviceClient, signInStaff } from './support.ts';

const LIST = '/admin/catalogue/living-costs';
const tag = () => randomBytes(3).toString('hex');
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const today = () =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());

/** A published university in a city of its own, with one published course, made with the service key. */
async function courseInNewCity(): Promise<{ city: string; courseSlug: string }> {
  const service = await serviceClient();
  const suffix = tag();
  const city = `Kestrel Bay ${suffix}`;
  const university = await service
    .from('universities')
    .insert({
      name: `Kestrel Bay University ${suffix}`,
      slug: `kestrel-bay-university-${suffix}`,
      country_code: 'GB',
      country_name: 'United Kingdom',
      city,
      currency: 'GBP',
      published: true,
    })
    .select('id')
    .single();
  if (university.error) throw new Error(`university failed: ${university.error.message}`);
  const courseSlug = `kestrel-bay-university-${suffix}-msc-coastal-ecology`;
  const course = await service.from('courses').insert({
    university_id: (university.data as { id: string }).id,
    slug: courseSlug,
    title: 'MSc Coastal Ecology',
    level: 'master',
    field: 'Biology',
    duration_months: 12,
    tuition_amount: 19000,
    tuition_currency: 'GBP',
    published: true,
  });
  if (course.error) throw new Error(`course failed: ${course.error.message}`);
  return { city, courseSlug };
}

/** The list's rows as [country, city], in the order shown. */
async function listedPlaces(page: Page): Promise<[string, string][]> {
  const rows = page.getByTestId('living-cost-table').locator('tbody tr');
  const [cities, countries] = await Promise.all([
    rows.locator('th').allInnerTexts(),
    rows.locator('td:first-of-type').allInnerTexts(),
  ]);
  return cities.map((city, index) => [countries[index] ?? '', city]);
}

const byPlace = (a: [string, string], b: [string, string]) =>
  a[0].localeCompare(b[0], 'en') || a[1].localeCompare(b[1], 'en');

/**
 * The living cost line of a course page as a new visitor reads it. A fresh browser each time: a
 * visitor's own browser may keep a catalogue page for a minute (Cache-Control: max-age=60).
 */
async function livingLineOf(browser: Browser, baseURL: string | undefined, slug: string): Promise<string> {
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  try {
    const page = await context.newPage();
    await page.goto(`/courses/${slug}?currency=GBP`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return (await page.getByText(/ a month in /).allInnerTexts()).join(' ');
  } finally {
    await context.close();
  }
}

async function fillNew(page: Page, city: string, amount: string) {
  const create = region(page, 'New living cost');
  await create.getByLabel('City').fill(city);
  await create.getByLabel('Country').selectOption('GB');
  await create.getByLabel('Monthly amount').fill(amount);
  await create.getByLabel('Currency').selectOption('GBP');
  await create.getByLabel('Date of the figure').fill('2026-09-01');
  await create.getByLabel('Source', { exact: true }).fill('Kestrel Bay council student budget, 2026/27');
  return create;
}

test('an administrator adds a city, visitors see its figure, a new amount replaces it and deleting takes it away', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { city, courseSlug } = await courseInNewCity();
  await signInStaff(context, baseURL, 'admin');
  await page.goto('/admin/catalogue');
  await page.getByRole('link', { name: 'Living costs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Living costs' })).toBeVisible();
  const leeds = page
    .getByTestId('living-cost-table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Leeds', exact: true }) });
  await expect(leeds).toContainText('United Kingdom');
  await expect(leeds).toContainText('GBP 1,090');
  const places = await listedPlaces(page);
  expect(places).toEqual([...places].sort(byPlace));
  await expectNoViolations(page, LIST);

  const create = await fillNew(page, city, '950');
  await create.getByLabel('Checked against the source today').check();
  await create.getByRole('button', { name: 'Add living cost' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/living-costs\/[0-9a-f-]{36}#main$/);
  const place = `${city}, United Kingdom`;
  await expect(page.getByRole('heading', { level: 1, name: place })).toBeVisible();
  await expect(page.getByTestId('last-verified')).toContainText(today());
  await expectNoViolations(page, 'living cost edit page');

  await page.goto(LIST);
  const row = page.getByTestId('living-cost-table').getByRole('row').filter({ hasText: city });
  await expect(row).toContainText('United Kingdom');
  await expect(row).toContainText('GBP 950');
  await expect(row).toContainText('1 Sept 2026');
  await expect(row).toContainText(today());
  expect(await livingLineOf(browser, baseURL, courseSlug)).toContain(`£950 a month in ${city}`);

  await row.getByRole('link', { name: `Edit ${place}` }).click();
  const details = region(page, 'Details');
  await details.getByLabel('Monthly amount').fill('1025');
  await details.getByRole('button', { name: 'Save living cost' }).click();
  await expect(page.getByText(`${place} was saved.`).first()).toBeVisible();
  expect(await livingLineOf(browser, baseURL, courseSlug)).toContain(`£1,025 a month in ${city}`);

  // Deleting asks for the box to be ticked first.
  const danger = region(page, 'Delete living cost');
  await danger.getByRole('button', { name: `Delete ${place}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: place })).toBeVisible();
  const service = await serviceClient();
  expect((await service.from('living_costs').select('id').eq('city', city)).data).toHaveLength(1);
  await danger.getByLabel('I understand this cannot be undone').check();
  await danger.getByRole('button', { name: `Delete ${place}` }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/living-costs#main$/);
  await expect(page.getByText(`${place} was deleted.`).first()).toBeVisible();
  await expect(page.getByTestId('living-cost-table')).not.toContainText(city);
  expect(await livingLineOf(browser, baseURL, courseSlug)).not.toContain(city);
});

test('a save based on an older version is refused, keeps what was typed and saves on the second try', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = await serviceClient();
  const city = `Marsh End ${tag()}`;
  const place = `${city}, Ireland`;
  const seeded = await service
    .from('living_costs')
    .insert({
      city,
      country_code: 'IE',
      monthly_amount: 1200,
      currency: 'EUR',
      as_of: '2026-09-01',
      source_note: 'A test figure',
    })
    .select('id')
    .single();
  expect(seeded.error).toBeNull();
  await signInStaff(context, baseURL, 'admin');
  await page.goto(`${LIST}/${(seeded.data as { id: string }).id}`);
  await expect(page.getByTestId('last-verified')).toContainText('Never');

  const changed = await service.from('living_costs').update({ monthly_amount: 1100 }).eq('city', city);
  expect(changed.error).toBeNull();
  const details = region(page, 'Details');
  await details.getByLabel('Monthly amount').fill('1050');
  await details.getByRole('button', { name: 'Save living cost' }).click();
  const conflict = page.getByTestId('conflict');
  await expect(conflict).toContainText('Not saved: this changed while you were editing');
  await expect(conflict).toContainText('An automatic update changed this living cost at');
  await expect(conflict).toContainText('Monthly amount: saved as “1100”');
  await expect(conflict).toBeFocused();
  await expect(details.getByLabel('Monthly amount')).toHaveValue('1050');
  await expectNoViolations(page, 'living cost conflict');
  await details.getByRole('button', { name: 'Save living cost' }).click();
  await expect(page.getByText(`${place} was saved.`).first()).toBeVisible();
  await expect(details.getByLabel('Monthly amount')).toHaveValue('1050');
  const saved = await service.from('living_costs').select('monthly_amount').eq('city', city).single();
  expect(Number((saved.data as { monthly_amount: number }).monthly_amount)).toBe(1050);

  await region(page, 'Verification').getByRole('button', { name: 'Mark as verified today' }).click();
  await expect(page.getByText(`${place} was marked as verified today.`).first()).toBeVisible();
  await expect(page.getByTestId('last-verified')).toContainText(today());
  await service.from('living_costs').delete().eq('city', city);
});

test('a second figure for a city is refused on the city field, keeping what was typed', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInStaff(context, baseURL, 'admin');
  await page.goto(LIST);
  const create = await fillNew(page, 'leeds', '999');
  await create.getByRole('button', { name: 'Add living cost' }).click();
  const city = region(page, 'New living cost').getByRole('textbox', { name: 'City' });
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This country already has a living cost for this city.').first()).toBeVisible();
  await expect(city).toHaveValue('leeds');
  await expect(
    region(page, 'New living cost').getByRole('spinbutton', { name: 'Monthly amount' }),
  ).toHaveValue('999');
  await expectNoViolations(page, 'duplicate city');
  const service = await serviceClient();
  const leeds = await service.from('living_costs').select('monthly_amount').ilike('city', 'leeds');
  expect(leeds.data).toHaveLength(1);
});

test('the server checks every field and the CSRF token, and knows no other city', async ({
  page,
  context,
  baseURL,
}) => {
  await signInStaff(context, baseURL, 'admin');
  await page.goto(LIST);
  const csrf = await page.locator('input[name="csrf_token"]').first().inputValue();
  const city = `Nowhere ${tag()}`;
  const form = {
    intent: 'create_living_cost',
    city,
    country_code: 'UK',
    monthly_amount: '-5',
    currency: 'pounds',
    as_of: '2026-02-30',
    source_note: 'ab',
  };
  const headers = { origin: new URL(page.url()).origin };
  const refused = await page.request.post(LIST, { form: { csrf_token: csrf, ...form }, headers });
  expect(refused.status()).toBe(422);
  const body = await refused.text();
  expect(body).toContain('Choose the country from the list.');
  expect(body).toContain('Monthly amount must be a number from 0.01 to 99999.99.');
  expect(body).toContain('Choose a three-letter currency code, like GBP.');
  expect(body).toContain('Enter the date of the figure as a real date.');
  expect(body).toContain('Source needs at least 3 characters.');

  const forged = await page.request.post(LIST, {
    form: { ...form, country_code: 'GB', monthly_amount: '900', currency: 'GBP', as_of: '2026-09-01' },
    headers,
  });
  expect(forged.status()).toBe(403);
  const service = await serviceClient();
  expect((await service.from('living_costs').select('id').eq('city', city)).data).toEqual([]);
  expect((await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000`))?.status()).toBe(404);
});

test('counsellors and applicants get 404 on the living cost screens', async ({ page, context, baseURL }) => {
  const service = await serviceClient();
  const leeds = await service.from('living_costs').select('id').eq('city', 'Leeds').single();
  const edit = `${LIST}/${(leeds.data as { id: string }).id}`;
  await signInStaff(context, baseURL, 'counsellor');
  expect((await page.goto(LIST))?.status()).toBe(404);
  expect((await page.goto(edit))?.status()).toBe(404);

  await context.clearCookies();
  await signInNewApplicant(context, baseURL ?? '');
  expect((await page.goto(LIST))?.status()).toBe(404);
  expect((await page.goto(edit))?.status()).toBe(404);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the list and a city’s page fit the screen; the table scrolls on its own', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInStaff(context, baseURL, 'admin');
    await page.goto(LIST);
    await expect(page.getByTestId('living-cost-table')).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoViolations(page, `${LIST} on a phone`);
    await page
      .getByTestId('living-cost-table')
      .getByRole('link', { name: 'Edit Leeds, United Kingdom' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leeds, United Kingdom' })).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoViolations(page, 'living cost edit page on a phone');
  });
});
