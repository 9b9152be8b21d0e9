import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { mailOfKind } from '../admin/decision-support.ts';
import { expectNoViolations, noHorizontalScroll, serviceClient, signInStaff } from '../admin/support.ts';
import { signInNewApplicant } from '../applications/support.ts';

const tag = () => randomBytes(3).toString('hex');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const ROBOTICS = { slug: 'ashcombe-university-meng-robotics', title: 'MEng Robotics', tuition: '£26,250' };

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a student searches scholarships with the keyboard alone and narrows them by nationality', async ({
    page,
  }) => {
    await page.goto('/scholarships');
    await expect(page.getByRole('heading', { level: 1, name: 'Scholarships' })).toBeVisible();
    await expectNoViolations(page, '/scholarships');
    await noHorizontalScroll(page);

    const keywords = page.getByLabel('Keywords');
    await keywords.focus();
    await page.keyboard.type('engineering');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/scholarships\?(.*&)?q=engineering/);
    const list = page.getByRole('list', { name: 'Scholarships' });
    await expect(list.getByRole('heading', { name: 'Women in Engineering Award' })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Climate Futures Scholarship' })).toBeVisible();
    await expect(page.getByTestId('scholarship-count')).toContainText('2 scholarships fit your search');

    // Only the citizens of the countries listed: a Nigerian applicant sees the Commonwealth award.
    await page.getByLabel('Keywords').fill('');
    const filters = page.getByText('Filters: country, university, level, subject, nationality');
    await filters.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Your nationality').focus();
    await page.getByLabel('Your nationality').selectOption('NG');
    await page.getByRole('button', { name: 'Search' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/nationality=NG/);
    await expect(page.getByText('Filters (1)')).toBeVisible();
    await expect(
      list.getByRole('heading', { name: "Commonwealth Shared Master's Scholarship" }),
    ).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Orange Tulip Scholarship' })).toHaveCount(0);
    await expect(list.getByRole('heading', { name: 'Alumni Loyalty Discount' })).toHaveCount(0);
    await expectNoViolations(page, '/scholarships filtered');
    await noHorizontalScroll(page);
    // The open filters fit the screen: no select runs past its edge, whatever its longest option.
    for (const select of await page.getByRole('search').locator('select').all()) {
      const box = await select.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });
});

test('a course page lists its scholarships and shows the possible reduction beside the total cost', async ({
  page,
}) => {
  await page.goto(`/courses/${ROBOTICS.slug}?currency=GBP`);
  const costs = page
    .getByRole('region', { name: 'Costs' })
    .or(page.locator('section[aria-labelledby="costs"]'));
  const reduction = costs.getByTestId('possible-reduction');
  await expect(reduction).toContainText('Possible reduction: up to £13,125');
  await expect(reduction).toContainText(
    'off the first year if you qualify for the Women in Engineering Award',
  );
  const section = page.locator('section[aria-labelledby="scholarships"]');
  await expect(section.getByRole('heading', { name: 'Women in Engineering Award' })).toBeVisible();
  await expect(section).toContainText('50% of the tuition');
  await expect(section).toContainText('Last verified 2 Nov 2026');
  await expect(section.getByRole('heading', { name: 'Alumni Loyalty Discount' })).toHaveCount(0);
  await expectNoViolations(page, 'course page with scholarships');

  await page.goto('/universities/ashcombe-university');
  const atUniversity = page.locator('section[aria-labelledby="scholarships"]');
  await expect(atUniversity.getByRole('heading', { name: 'Global Excellence Scholarship' })).toBeVisible();
});

test('an administrator adds a scholarship, visitors find it, and deleting it takes it away', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInStaff(context, baseURL, 'admin');
  const name = `Harbour Bursary ${tag()}`;
  await page.goto('/admin/catalogue');
  await page.getByRole('link', { name: 'Scholarships', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scholarships' })).toBeVisible();
  await expectNoViolations(page, '/admin/catalogue/scholarships');

  const create = region(page, 'New scholarship');
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Provider').fill('Harbour Trust');
  await create.getByLabel('Amount').fill('1500');
  await create.getByLabel('Currency').selectOption('GBP');
  await create.getByLabel('Bachelor’s').check();
  await create.getByLabel('Nationalities (empty: any)').fill('ke, ng');
  await create.getByLabel('Minimum grade (%)').fill('65');
  await create.getByLabel('Deadline').fill(day(90));
  await create
    .getByLabel('Official page', { exact: true })
    .fill('https://www.harbour-trust.example.org/bursary');
  await create.getByLabel('Visible to visitors').check();
  await create.getByRole('button', { name: 'Add scholarship' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/scholarships\/[0-9a-f-]{36}#main$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(region(page, 'Details').getByLabel('Nationalities (empty: any)')).toHaveValue('KE, NG');
  await expectNoViolations(page, 'scholarship edit page');

  const visitorContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/scholarships?q=${encodeURIComponent(name)}`);
  const card = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name }) });
  await expect(card).toContainText('£1,500 a year');
  await expect(card).toContainText('Citizens of Kenya, Nigeria');
  await expect(card).toContainText('Grades of 65% or more');

  // A save based on an older version is refused and says so.
  const details = region(page, 'Details');
  const service = await serviceClient();
  await service.from('scholarships').update({ description: 'Changed elsewhere.' }).eq('name', name);
  await details.getByLabel('Provider').fill('Harbour Trust Fund');
  await details.getByRole('button', { name: 'Save scholarship' }).click();
  await expect(page.getByTestId('conflict')).toContainText('Not saved: this changed while you were editing');

  const danger = region(page, 'Delete scholarship');
  await danger.getByLabel('I understand this cannot be undone').check();
  await danger.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/scholarships#main$/);
  await visitor.goto(`/scholarships?q=${encodeURIComponent(name)}`);
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0);
  await visitorContext.close();
});

test('a saved course search e-mails its owner when a new intake of a matching course opens', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  await page.goto('/courses?q=Robotics&level=master');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page).toHaveURL(/\/courses\?/);
  await expect(
    page.getByText('Search saved. We will e-mail you when new courses or intakes match it.'),
  ).toBeVisible();

  await page.goto('/profile#saved-searches');
  const saved = page.getByTestId('saved-searches');
  await expect(saved.getByRole('link', { name: /Robotics/ })).toBeVisible();
  await expectNoViolations(page, '/profile with a saved search');

  const term = `Alert test ${tag()}`;
  const service = await serviceClient();
  const course = await service.from('courses').select('id').eq('slug', ROBOTICS.slug).single();
  const intake = await service.from('intakes').insert({
    course_id: (course.data as { id: string }).id,
    term,
    opens_at: day(0),
    deadline: day(60),
    start_date: day(120),
    status: 'open',
  });
  expect(intake.error).toBeNull();
  const run = await service.rpc('queue_search_alerts');
  expect(run.error).toBeNull();

  const alert = await mailOfKind(applicant.email, 'saved_search_alert');
  expect(alert.subject).toContain('New for your search');
  expect(alert.text).toContain(`${ROBOTICS.title}, Ashcombe University: ${term} is open`);
  expect(alert.text).toContain(`/courses/${ROBOTICS.slug}`);
  // The job running again (another server, the next hour) sends nothing more.
  const again = await service.rpc('queue_search_alerts');
  expect(again.error).toBeNull();
  const events = await service
    .from('notification_events')
    .select('id')
    .eq('recipient_id', applicant.id)
    .eq('template_key', 'saved_search_alert');
  expect(events.data).toHaveLength(1);

  await saved.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByText('You have no saved searches.')).toBeVisible();
});

test('Discover tells a signed-in applicant which scholarships they may qualify for and what is missing', async ({
  page,
  context,
  baseURL,
}) => {
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const service = await serviceClient();
  const saved = await service.from('profiles').upsert({ id: applicant.id, nationality: 'NG' });
  expect(saved.error).toBeNull();

  await page.goto('/discover?level=master&field=Mechanical+Engineering&country=GB');
  const section = page.locator('section[aria-labelledby="scholarship-matches"]');
  await expect(section.getByRole('heading', { name: 'Scholarships you may qualify for' })).toBeVisible();
  const commonwealth = section
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: "Commonwealth Shared Master's Scholarship" }) });
  await expect(commonwealth).toContainText('You may qualify because');
  await expect(commonwealth).toContainText('it is open to citizens of Nigeria');
  await expect(commonwealth).toContainText('What is missing: your grade average (%)');
  await expect(section.getByRole('heading', { name: 'Orange Tulip Scholarship' })).toHaveCount(0);
  await expectNoViolations(page, '/discover with scholarships');

  // /scholarships explains each award from the same profile, and says what each pays towards.
  await page.goto('/scholarships?level=master');
  await expect(page.getByText('Who may apply is checked against the nationality on')).toBeVisible();
  const list = page.getByRole('list', { name: 'Scholarships' });
  const card = (name: string) =>
    list.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card("Commonwealth Shared Master's Scholarship")).toContainText(
    /You may qualify because .*it is open to citizens of Nigeria/,
  );
  await expect(card("Commonwealth Shared Master's Scholarship")).toContainText(
    'Full tuition, with a living allowance',
  );
  await expect(card('Orange Tulip Scholarship')).toContainText('Probably not for you');
  await expect(card('Deutschlandstipendium')).toContainText('a year towards living costs');
  await expectNoViolations(page, '/scholarships signed in');
});

test('Discover asks for the nationality its scholarship check uses', async ({ page }) => {
  await page.goto('/discover?level=master&field=Mechanical+Engineering&country=GB&nationality=NG');
  await expect(page.getByLabel('Your nationality (for scholarships)')).toHaveValue('NG');
  const section = page.locator('section[aria-labelledby="scholarship-matches"]');
  const commonwealth = section
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: "Commonwealth Shared Master's Scholarship" }) });
  await expect(commonwealth).toContainText('it is open to citizens of Nigeria');
  await expect(commonwealth).not.toContainText('your nationality');
});
