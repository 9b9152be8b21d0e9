import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signIn } from '../accounts/support.ts';
import { hydrated, quietPopup } from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
test.beforeEach(({ page }) => quietPopup(page));

/** Keeps every island from hydrating, as on a slow phone before its JavaScript has arrived. */
async function holdJavaScript(page: Page): Promise<void> {
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => route.abort());
}

async function releaseJavaScript(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

/** The first result's course id and title, read from its Save button. */
async function firstCourse(page: Page): Promise<{ id: string; title: string }> {
  const save = page.getByRole('button', { name: /^Save: / }).first();
  const form = (await save.getAttribute('form')) ?? '';
  const label = (await save.getAttribute('aria-label')) ?? '';
  return { id: form.replace(/^pick-/, ''), title: label.replace(/^Save: /, '') };
}

/** A course's Save or Compare button, found by the form it submits (titles may repeat). */
function pick(page: Page, id: string, name: RegExp) {
  return page.locator(`button[form="pick-${id}"]`).filter({ hasText: name });
}

test('the first tap on Save and Compare, before the page has hydrated, is kept', async ({
  page,
  context,
}) => {
  await holdJavaScript(page);
  await page.goto('/courses', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
  const course = await firstCourse(page);
  const save = pick(page, course.id, /Save/);
  const compare = pick(page, course.id, /Compar/);

  await save.tap();
  await expect(page).toHaveURL(/\/courses\/?$/);
  await expect(page.getByText(`${course.title} is saved in this browser.`)).toBeVisible();
  // A fresh page (the notice shows once), still without JavaScript.
  await page.goto('/courses', { waitUntil: 'domcontentloaded' });
  await compare.tap();
  await expect(page.getByText(`${course.title} is in your compare list.`)).toBeVisible();
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).toEqual(expect.arrayContaining(['unipath-pick-save', 'unipath-pick-compare']));

  // Once the JavaScript arrives, the browser's lists hold both and the cookies are spent.
  await releaseJavaScript(page);
  await page.reload();
  await hydrated(page);
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveAccessibleName(`Saved: ${course.title}`);
  await expect(compare).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Compare tray' })).toContainText('Compare (1 of 4)');
  await expect
    .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
    .not.toContain('unipath-pick-save');

  // Hydrated, the buttons act in the page: no navigation, and a second tap removes it again.
  await save.tap();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toHaveAccessibleName(`Save: ${course.title}`);
  await expect(page).toHaveURL(/\/courses\/?$/);
});

test('a signed-in applicant’s first tap saves to the account', async ({ page }) => {
  const user = await createConfirmedUser('first-tap');
  await signIn(page, user.email, undefined, '/courses');
  await expect(page).toHaveURL(/\/courses$/);
  await holdJavaScript(page);
  await page.goto('/courses?level=master', { waitUntil: 'domcontentloaded' });
  const course = await firstCourse(page);
  await pick(page, course.id, /Save/).tap();
  await expect(page).toHaveURL(/\/courses\?level=master$/);
  await expect(page.getByText(`${course.title} is in your saved courses.`)).toBeVisible();
  const body = (await (await page.request.get('/api/shortlist')).json()) as { ids?: string[] };
  expect(body.ids).toContain(course.id);
});

test('Save refuses a post from another site and shrugs off nonsense', async ({ request, baseURL }) => {
  const forged = await request.post('/api/shortlist/pick', {
    form: { action: 'save', course_id: '2d720673-5f4d-4009-b9bc-6abdf703fb73', title: 'X', next: '/courses' },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  const nonsense = await request.post('/api/shortlist/pick', {
    form: { action: 'explode', course_id: 'not-an-id', next: '//evil.example' },
    headers: { origin: new URL(baseURL ?? '').origin },
    maxRedirects: 0,
  });
  expect(nonsense.status()).toBe(303);
  expect(nonsense.headers()['location']).toBe('/courses');
});

test('on a phone the filters fold behind “Filters (n)” with the count, and the first result is on the first screen', async ({
  page,
}) => {
  await page.goto('/courses?level=master&country=GB');
  const summary = page.locator('summary').filter({ hasText: /^Filters \(2\)/ });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(/\d+ courses?/);
  await expect(page.getByLabel('Sort by')).toBeHidden();
  // The first card starts in the upper three quarters of the screen, its title and facts in view.
  const first = page.getByRole('article').first();
  const box = await first.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.y ?? PHONE.height).toBeLessThan(PHONE.height * 0.75);
  await expect(first.getByRole('heading')).toBeInViewport({ ratio: 1 });

  // The keyboard opens it; the filters are then there to change.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Sort by')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Master/ })).toBeChecked();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters still open and apply', async ({ page }) => {
    await page.goto('/courses');
    const summary = page.locator('summary').filter({ hasText: /^Filters \(0\)/ });
    await summary.click();
    await page.getByRole('checkbox', { name: /^Master/ }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/level=master/);
    await expect(page.locator('summary').filter({ hasText: /^Filters \(1\)/ })).toBeVisible();
  });

  test('Compare taps open the comparison, and removing the last course empties it', async ({ page }) => {
    await page.goto('/courses?level=master');
    const one = await firstCourse(page);
    await pick(page, one.id, /^Compare/).click();
    await expect(page.locator('[data-toast-region="status"]')).toContainText('is in your compare list');
    await page.getByRole('link', { name: 'Compare your picks' }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/compare\\?ids=${one.id}`));
    await expect(page.getByRole('region', { name: 'Course comparison' })).toContainText(one.title);
    await page
      .getByRole('link', { name: /^Remove/ })
      .first()
      .click();
    await expect(page.getByText('Nothing to compare yet.')).toBeVisible();
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('the filters stay open beside the results', async ({ page }) => {
    await page.goto('/courses');
    await expect(page.getByLabel('Sort by')).toBeVisible();
    await expect(page.locator('summary').filter({ hasText: /^Filters/ })).toBeHidden();
  });
});

interface ApiCourse {
  id: string;
  universityCity: string;
}

test('compare shows each city’s own living costs, dated and sourced', async ({ page, request }) => {
  const wanted = ['London', 'Leeds', 'Bristol', 'Manchester'];
  const picked = new Map<string, string>();
  for (let pageNumber = 1; pageNumber <= 25 && picked.size < wanted.length; pageNumber++) {
    const response = await request.get(`/api/catalogue/courses?country=GB&sort=title&page=${pageNumber}`);
    const body = (await response.json()) as { items: ApiCourse[] };
    if (body.items.length === 0) break;
    for (const item of body.items)
      if (wanted.includes(item.universityCity) && !picked.has(item.universityCity))
        picked.set(item.universityCity, item.id);
  }
  expect([...picked.keys()].sort()).toEqual([...wanted].sort());
  await page.goto(`/courses/compare?ids=${wanted.map((city) => picked.get(city)).join(',')}&currency=GBP`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Living costs a year (estimate)' }) });
  const cells = await row.getByRole('cell').allInnerTexts();
  expect(cells).toHaveLength(4);
  expect(new Set(cells).size).toBe(4);
  wanted.forEach((city, index) => expect(cells[index]).toContain(`a month in ${city}, as of`));
  const source = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Living costs source' }) });
  await expect(source.getByRole('cell').first()).toContainText('last verified');
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a phone the WhatsApp button covers neither a card’s buttons nor the compare tray’s link', async ({
  page,
}) => {
  await page.goto('/courses?level=master');
  await hydrated(page);
  const whatsapp = page.locator('[data-whatsapp]');
  await expect(whatsapp).toBeVisible();
  const fab = await whatsapp.boundingBox();
  expect(fab).not.toBeNull();
  // Every card button on the first screen, where the page opens, is free to tap.
  const buttons = page.locator('button[form^="pick-"]');
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    if (!box || box.y > PHONE.height) continue;
    expect(fab && overlaps(fab, box), `${await button.getAttribute('aria-label')} is covered`).toBe(false);
  }
  // With two courses picked the tray wraps, and its link to the comparison is still free to tap.
  const compare = buttons.filter({ hasText: /Compar/ });
  await compare.nth(0).tap();
  await compare.nth(1).tap();
  const tray = page.getByRole('region', { name: 'Compare tray' });
  await expect(tray).toContainText('Compare (2 of 4)');
  const link = await tray.getByRole('link', { name: /side by side/ }).boundingBox();
  // The button rises above the tray while it shows.
  const raised = await whatsapp.boundingBox();
  expect(raised && link && overlaps(raised, link), 'the tray’s link is covered').toBe(false);
  const trayBox = await tray.boundingBox();
  expect((raised?.y ?? 0) + (raised?.height ?? 0)).toBeLessThanOrEqual(trayBox?.y ?? 0);
});
