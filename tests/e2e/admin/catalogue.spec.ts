import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, userClient } from '../applications/support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

const tag = () => randomBytes(3).toString('hex');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const formatted = (isoDay: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));
const today = () => formatted(day(0));

interface Seeded {
  id: string;
  slug: string;
  name: string;
}

async function seedUniversity(published = true): Promise<Seeded> {
  const service = await serviceClient();
  const suffix = tag();
  const { data, error } = await service
    .from('universities')
    .insert({
      name: `Fernhill University ${suffix}`,
      slug: `fernhill-university-${suffix}`,
      country_code: 'GB',
      country_name: 'United Kingdom',
      city: 'York',
      currency: 'GBP',
      published,
    })
    .select('id, slug, name')
    .single();
  if (error) throw new Error(`university failed: ${error.message}`);
  return data as Seeded;
}

async function seedCourse(
  university: Seeded,
  title = 'MSc Marine Biology',
): Promise<Seeded & { title: string }> {
  const service = await serviceClient();
  const slug = `${university.slug}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const { data, error } = await service
    .from('courses')
    .insert({
      university_id: university.id,
      slug,
      title,
      level: 'master',
      field: 'Biology',
      duration_months: 12,
      tuition_amount: 21000,
      tuition_currency: 'GBP',
      published: true,
    })
    .select('id, slug, title')
    .single();
  if (error) throw new Error(`course failed: ${error.message}`);
  return { ...(data as { id: string; slug: string; title: string }), name: title };
}

async function anonymousPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a counsellor gets 404 on the catalogue screens', async ({ page, context, baseURL }) => {
  const university = await seedUniversity(false);
  await signInStaff(context, baseURL ?? '', 'counsellor');
  expect((await page.goto('/admin/catalogue'))?.status()).toBe(404);
  expect((await page.goto(`/admin/catalogue/universities/${university.id}`))?.status()).toBe(404);
  expect((await page.goto('/admin'))?.status()).toBe(200);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Catalogue' }),
  ).toHaveCount(0);
});

test('a new university and course with an intake reach the public course page once published', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await signInStaff(context, baseURL, 'admin');
  const suffix = tag();
  const name = `Harbourside Institute ${suffix}`;
  await page.goto('/admin/catalogue');
  const create = region(page, 'New university');
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Country', { exact: true }).selectOption('NZ');
  await create.getByLabel('Country name').fill('New Zealand');
  await create.getByLabel('City').fill('Wellington');
  await create.getByLabel('Currency').selectOption('NZD');
  await create.getByRole('button', { name: 'Add university' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/universities\/[0-9a-f-]{36}#main$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const details = region(page, 'Details');
  await expect(details.getByLabel('Web address')).toHaveValue(`harbourside-institute-${suffix}`);
  await details.getByLabel('Website').fill('https://www.harbourside.example.nz');
  await details.getByLabel('Published', { exact: true }).check();
  await details.getByRole('button', { name: 'Save university' }).click();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await expect(region(page, 'Details').getByLabel('Published', { exact: true })).toBeChecked();

  const newCourse = region(page, 'New course');
  await expect(newCourse.getByLabel('Tuition currency')).toHaveValue('NZD');
  await newCourse.getByLabel('Title').fill('Master of Coastal Engineering');
  await newCourse.getByLabel('Level').selectOption('master');
  await newCourse.getByLabel('Field of study').fill('Engineering');
  await newCourse.getByLabel('Duration in months').fill('18');
  await newCourse.getByLabel('Tuition', { exact: true }).fill('38500');
  await newCourse.getByRole('button', { name: 'Add course' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\/courses\/[0-9a-f-]{36}#main$/);
  const slug = await region(page, 'Details').getByLabel('Web address').inputValue();
  expect(slug).toBe(`harbourside-institute-${suffix}-master-of-coastal-engineering`);

  const before = await (await serviceClient()).rpc('catalogue_version');
  await region(page, 'Details').getByLabel('Published', { exact: true }).check();
  await region(page, 'Details').getByRole('button', { name: 'Save course' }).click();
  await expect(region(page, 'Details').getByLabel('Published', { exact: true })).toBeChecked();
  const after = await (await serviceClient()).rpc('catalogue_version');
  expect(after.data).not.toBe(before.data);

  const intakes = region(page, 'Intakes');
  await intakes.getByLabel('Term').last().fill('February 2028');
  await intakes.getByLabel('Deadline').last().fill(day(60));
  await intakes.getByLabel('Start date').last().fill(day(120));
  await intakes.getByLabel('Places').last().fill('30');
  await intakes.getByLabel('Over-offer allowance').last().fill('2');
  await intakes.getByRole('radio', { name: 'Batch' }).last().check();
  await intakes.getByRole('button', { name: 'Add intake' }).click();
  await expect(region(page, 'Intakes').getByRole('heading', { name: /February 2028/ })).toContainText(
    'Draft',
  );

  const visitor = await anonymousPage(browser, baseURL ?? '');
  await visitor.goto(`/courses/${slug}`);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Master of Coastal Engineering' }),
  ).toBeVisible();
  await expect(visitor.getByRole('link', { name })).toHaveCount(2);
  await expect(visitor.getByText('No intakes are announced yet.')).toBeVisible();

  const service = await serviceClient();
  const courseId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const { data: intake } = await service
    .from('intakes')
    .select('id, capacity, over_offer, release_mode')
    .eq('term', 'February 2028')
    .eq('course_id', courseId)
    .single();
  expect(intake).toMatchObject({ capacity: 30, over_offer: 2, release_mode: 'batch' });
  const beforeOpening = await service.rpc('catalogue_version');
  const admin = await userClient(email);
  const opened = await admin.rpc('set_intake_status', {
    intake_id: (intake as { id: string }).id,
    to_status: 'open',
  });
  expect(opened.error).toBeNull();
  expect((await service.rpc('catalogue_version')).data).not.toBe(beforeOpening.data);
  // Opening happens outside this server, which notices the new catalogue version on its next check.
  const table = visitor.getByRole('table', { name: 'Intakes of Master of Coastal Engineering' });
  await expect(async () => {
    await visitor.reload();
    expect(await table.count()).toBe(1);
  }).toPass();
  await expect(table).toContainText('February 2028');
  await expect(table).toContainText(`Open — apply by ${formatted(day(60))}`);
});

test('invalid input keeps what was typed and shows field errors', async ({ page, context, baseURL }) => {
  const university = await seedUniversity();
  const course = await seedCourse(university);
  await signInStaff(context, baseURL ?? '', 'admin');

  await page.goto(`/admin/catalogue/universities/${university.id}`);
  const details = region(page, 'Details');
  await details.getByLabel('Name', { exact: true }).fill(`${university.name} renamed`);
  await details.getByLabel('Website').fill('http://www.fernhill.example.ac.uk');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    details.getByRole('button', { name: 'Save university' }).click(),
  ]);
  expect(response.status()).toBe(422);
  const summary = region(page, 'Details').getByTestId('error-summary');
  await expect(summary).toContainText('Website: Enter a full https:// address');
  const website = region(page, 'Details').getByLabel('Website');
  await expect(website).toHaveValue('http://www.fernhill.example.ac.uk');
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(region(page, 'Details').getByLabel('Name', { exact: true })).toHaveValue(
    `${university.name} renamed`,
  );
  const stored = await (
    await serviceClient()
  )
    .from('universities')
    .select('name')
    .eq('id', university.id)
    .single();
  expect(stored.data).toEqual({ name: university.name });

  await page.goto(`/admin/catalogue/courses/${course.id}`);
  const newIntake = page.locator('#new-intake');
  await newIntake.getByLabel('Term').fill('Autumn 2028');
  await newIntake.getByLabel('Start date').fill('2028-09-01');
  await newIntake.getByLabel('Deadline').fill('2028-10-01');
  await expect(newIntake.getByRole('radio', { name: 'Rolling' })).toBeChecked();
  await newIntake.getByLabel('Over-offer allowance').fill('2');
  await newIntake.getByRole('button', { name: 'Add intake' }).click();
  const refused = page.locator('#new-intake');
  await expect(refused.getByTestId('error-summary')).toContainText(
    'Deadline: The deadline must be on or before the start date.',
  );
  await expect(refused.getByTestId('error-summary')).toContainText(
    'Over-offer allowance: Set the number of places first: an over-offer allowance goes beyond them.',
  );
  await expect(refused.getByLabel('Over-offer allowance')).toHaveValue('2');
  await expect(refused.getByLabel('Over-offer allowance')).toHaveAttribute('aria-invalid', 'true');
  await expect(refused.getByRole('radio', { name: 'Rolling' })).toBeChecked();
  await expect(refused.getByLabel('Term')).toHaveValue('Autumn 2028');
  await expect(refused.getByLabel('Start date')).toHaveValue('2028-09-01');
  await expect(refused.getByLabel('Deadline')).toHaveValue('2028-10-01');
  await expect(refused.getByLabel('Deadline')).toHaveAttribute('aria-invalid', 'true');
  await expect(region(page, 'Intakes').getByText('No intakes yet.')).toBeVisible();
  await expectNoViolations(page, 'course page with a refused intake');
});

test('two administrators edit the same course: the later save is refused, says who changed what, and keeps what was typed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const course = await seedCourse(await seedUniversity());
  const firstContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const secondContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const first = await signInStaff(firstContext, baseURL ?? '', 'admin');
  await signInStaff(secondContext, baseURL ?? '', 'admin');
  const one = await firstContext.newPage();
  const two = await secondContext.newPage();
  await one.goto(`/admin/catalogue/courses/${course.id}`);
  await two.goto(`/admin/catalogue/courses/${course.id}`);

  await region(one, 'Details').getByLabel('Title').fill('MSc Marine Science');
  await region(one, 'Details').getByRole('button', { name: 'Save course' }).click();
  await expect(one.getByRole('status').filter({ hasText: 'MSc Marine Science was saved.' })).toBeVisible();

  const details = region(two, 'Details');
  await details.getByLabel('Tuition', { exact: true }).fill('23500');
  await details.getByLabel('Entry requirements').fill('A good first degree in biology.');
  const [response] = await Promise.all([
    two.waitForResponse((r) => r.request().method() === 'POST'),
    details.getByRole('button', { name: 'Save course' }).click(),
  ]);
  expect(response.status()).toBe(409);
  const conflict = two.getByTestId('conflict');
  await expect(conflict).toBeFocused();
  await expect(conflict).toContainText(`${first.email} changed this course at`);
  // What changed is named by column; the database also names derived columns the update recomputed.
  await expect(conflict).toContainText(/\(title(, [a-z ]+)*\), after you opened it\. Nothing was saved/);
  await expect(conflict).toContainText('Title: saved as “MSc Marine Science”');
  const refused = region(two, 'Details');
  await expect(refused.getByLabel('Tuition', { exact: true })).toHaveValue('23500');
  await expect(refused.getByLabel('Entry requirements')).toHaveValue('A good first degree in biology.');
  await expect(refused.getByLabel('Title')).toHaveValue('MSc Marine Biology');
  const service = await serviceClient();
  const stored = () =>
    service.from('courses').select('title, tuition_amount, entry_requirements').eq('id', course.id).single();
  expect((await stored()).data).toMatchObject({ title: 'MSc Marine Science', entry_requirements: '' });
  expect(Number((await stored()).data?.tuition_amount)).toBe(21000);
  await expectNoViolations(two, 'course form after a refused save');

  // Saving again is deliberate: the colleague's title is taken over, the typed tuition kept.
  await refused.getByLabel('Title').fill('MSc Marine Science');
  await refused.getByRole('button', { name: 'Save course' }).click();
  await expect(two.getByRole('status').filter({ hasText: 'MSc Marine Science was saved.' })).toBeVisible();
  expect((await stored()).data).toMatchObject({
    title: 'MSc Marine Science',
    entry_requirements: 'A good first degree in biology.',
  });
  expect(Number((await stored()).data?.tuition_amount)).toBe(23500);

  // The page the first administrator still has open is now the stale one.
  await region(one, 'Verification').getByRole('button', { name: 'Mark as verified today' }).click();
  await expect(one.getByTestId('conflict')).toContainText('changed this course at');
  await firstContext.close();
  await secondContext.close();
});

test('marking a course as verified updates the date on the public page', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const university = await seedUniversity();
  const course = await seedCourse(university);
  const visitor = await anonymousPage(browser, baseURL ?? '');
  await visitor.goto(`/courses/${course.slug}`);
  await expect(visitor.getByText('not yet checked with the university')).toBeVisible();

  await signInStaff(context, baseURL ?? '', 'admin');
  await page.goto(`/admin/catalogue/courses/${course.id}`);
  await expect(page.getByTestId('last-verified')).toContainText('Never');
  await page.getByRole('button', { name: 'Mark as verified today' }).click();
  await expect(page.getByTestId('last-verified')).toContainText(today());

  await visitor.reload();
  await expect(visitor.getByText(`last checked with the university on ${today()}`)).toBeVisible();

  await page.goto(`/admin/catalogue/universities/${university.id}`);
  await region(page, 'Details').getByLabel('I verified these facts').check();
  await region(page, 'Details').getByRole('button', { name: 'Save university' }).click();
  await expect(page.getByTestId('last-verified')).toContainText(today());
});

test('the document checklist of a course can be added to, edited and trimmed', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const course = await seedCourse(await seedUniversity());
  await signInStaff(context, baseURL ?? '', 'admin');
  await page.goto(`/admin/catalogue/courses/${course.id}`);
  const add = page.locator('#new-document');
  await add.getByLabel('Document').selectOption('portfolio');
  await add.getByLabel('JPEG image').uncheck();
  await add.getByLabel('PNG image').uncheck();
  await add.getByLabel('PDF').uncheck();
  await add.getByRole('button', { name: 'Add document' }).click();
  await expect(page.locator('#new-document').getByTestId('error-summary')).toContainText(
    'Accepted file types: Tick at least one file type.',
  );
  await page.locator('#new-document').getByLabel('PDF').check();
  await page.locator('#new-document').getByLabel('Notes for applicants').fill('Ten pieces of recent work');
  await page.locator('#new-document').getByRole('button', { name: 'Add document' }).click();

  const documents = region(page, 'Documents applicants upload');
  await expect(documents.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await documents.getByLabel('Largest file (MB)').first().fill('25');
  await documents.getByRole('button', { name: 'Save Portfolio' }).click();
  await expect(
    region(page, 'Documents applicants upload').getByLabel('Largest file (MB)').first(),
  ).toHaveValue('25');
  const stored = await (
    await serviceClient()
  )
    .from('document_requirements')
    .select('allowed_types, max_size_bytes')
    .eq('course_id', course.id)
    .single();
  expect(stored.data).toEqual({ allowed_types: ['application/pdf'], max_size_bytes: 25 * 1024 * 1024 });

  const visitor = await anonymousPage(browser, baseURL ?? '');
  await visitor.goto(`/courses/${course.slug}`);
  await expect(visitor.getByText('Ten pieces of recent work')).toBeVisible();

  await region(page, 'Documents applicants upload').getByRole('button', { name: 'Remove Portfolio' }).click();
  await expect(
    region(page, 'Documents applicants upload').getByText('no checklist of its own'),
  ).toBeVisible();
});

test('deletion is refused while something depends on the row', async ({ page, context, baseURL }) => {
  const service = await serviceClient();
  const university = await seedUniversity();
  const applied = await seedCourse(university, 'MSc Ocean Policy');
  const spare = await seedCourse(university, 'MSc Tidal Energy');
  const { data: intake } = await service
    .from('intakes')
    .insert({
      course_id: applied.id,
      term: 'Autumn 2027',
      deadline: day(30),
      start_date: day(90),
      status: 'open',
    })
    .select('id')
    .single();
  const applicant = await service.auth.admin.createUser({
    email: `catalogue-applicant-${tag()}@example.com`,
    password: PASSWORD,
    email_confirm: true,
  });
  const draft = await service.from('applications').insert({
    applicant_id: applicant.data.user?.id,
    course_id: applied.id,
    intake_id: (intake as { id: string }).id,
  });
  expect(draft.error).toBeNull();
  await signInStaff(context, baseURL ?? '', 'admin');

  await page.goto(`/admin/catalogue/courses/${applied.id}`);
  const danger = region(page, 'Delete course');
  await danger.getByLabel('I understand this cannot be undone').check();
  await danger.getByRole('button', { name: 'Delete MSc Ocean Policy' }).click();
  await expect(region(page, 'Delete course').getByRole('alert')).toContainText(
    'This course has applications; unpublish it instead.',
  );

  await page.goto(`/admin/catalogue/courses/${spare.id}`);
  await region(page, 'Delete course').getByLabel('I understand this cannot be undone').check();
  await region(page, 'Delete course').getByRole('button', { name: 'Delete MSc Tidal Energy' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/catalogue/universities/${university.id}#courses-title$`));
  const courses = region(page, 'Courses');
  await expect(courses.getByRole('rowheader', { name: 'MSc Ocean Policy' })).toBeVisible();
  await expect(courses.getByRole('rowheader', { name: 'MSc Tidal Energy' })).toHaveCount(0);

  await region(page, 'Delete university').getByLabel('I understand this cannot be undone').check();
  await region(page, 'Delete university')
    .getByRole('button', { name: `Delete ${university.name}` })
    .click();
  await expect(region(page, 'Delete university').getByRole('alert')).toContainText(
    'This university still has 1 course; delete them first, or unpublish the university instead.',
  );

  const empty = await seedUniversity(false);
  await page.goto(`/admin/catalogue/universities/${empty.id}`);
  await region(page, 'Delete university').getByLabel('I understand this cannot be undone').check();
  await region(page, 'Delete university')
    .getByRole('button', { name: `Delete ${empty.name}` })
    .click();
  await expect(page).toHaveURL(/\/admin\/catalogue#main$/);
  const gone = await service.from('universities').select('id').eq('id', empty.id);
  expect(gone.data).toEqual([]);
});

test('the list filters by name, country and visibility, and its pages pass axe', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const hidden = await seedUniversity(false);
  const course = await seedCourse(await seedUniversity());
  await signInStaff(context, baseURL ?? '', 'admin');
  await page.goto('/admin/catalogue');
  await expectNoViolations(page, 'catalogue list');
  await page.getByRole('search').getByLabel('Name', { exact: true }).fill(hidden.name);
  await page.getByRole('search').getByLabel('Country').selectOption('GB');
  await page.getByRole('search').getByLabel('Visibility').selectOption('no');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\?q=.+&country=GB&published=no$/);
  const rows = page.getByRole('table').getByRole('rowheader');
  await expect(rows).toHaveText([hidden.name]);
  await page.goto(`/admin/catalogue?q=${encodeURIComponent(hidden.name)}&published=yes`);
  await expect(page.getByText('No universities match these filters.')).toBeVisible();
  await page.goto('/admin/catalogue?page=2');
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/admin/catalogue');

  await page.goto(`/admin/catalogue/universities/${hidden.id}`);
  await expectNoViolations(page, 'university page');
  await page.goto(`/admin/catalogue/courses/${course.id}`);
  await expectNoViolations(page, 'course page');
});

test('the catalogue can be used with the keyboard alone', async ({ page, context, baseURL }) => {
  await signInStaff(context, baseURL ?? '', 'admin');
  await page.goto('/admin/catalogue');
  const name = `Keyboard College ${tag()}`;
  await region(page, 'New university').getByLabel('Name', { exact: true }).focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('IE');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ireland');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Galway');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('EUR');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add university' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(region(page, 'Details').getByLabel('Currency')).toHaveValue('EUR');

  await page.goto(`/admin/catalogue?q=${encodeURIComponent(name)}`);
  const edit = page.getByRole('link', { name: `Edit ${name}` });
  await page.getByRole('search').getByLabel('Name', { exact: true }).focus();
  for (let step = 0; step < 12; step += 1) {
    if (await edit.evaluate((link) => link === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
