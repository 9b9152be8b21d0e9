import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  completeFirstSteps,
  COURSE,
  hydrated,
  serviceClient,
  signInNewApplicant,
  STATEMENT,
} from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const statement = (page: Page) => page.getByLabel('Why do you want to study this course?');
const saved = (page: Page) => expect(page.getByTestId('save-status')).toContainText(/Saved at/);

/** Types into the statement and waits for the autosave it causes; answers with its HTTP status. */
async function typeStatement(page: Page, text: string): Promise<number> {
  const response = page.waitForResponse(
    (r) => r.url().includes('/api/applications/draft') && r.request().method() === 'POST',
  );
  await statement(page).fill(text);
  return (await response).status();
}

async function storedStatement(id: string): Promise<string> {
  const service = await serviceClient();
  const { data } = await service.from('applications').select('answers').eq('id', id).single();
  return (data?.answers as { statement: string }).statement;
}

test('a save from a stale window is refused with a banner, keeps what was typed, and is saved only when chosen', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInNewApplicant(context, baseURL ?? '');
  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/draft=/);
  await completeFirstSteps(page);
  await statement(page).fill(STATEMENT);
  await saved(page);
  const url = page.url();
  const id = new URL(url).searchParams.get('draft') ?? '';

  // The second window's clock is the test's: its autosave delay passes without waiting for it.
  await context.clock.install();
  const other = await context.newPage();
  await other.goto(url);
  await hydrated(other);
  await expect(statement(other)).toHaveValue(STATEMENT);

  expect(await typeStatement(page, `${STATEMENT} Written in the first window.`)).toBe(200);

  expect(await typeStatement(other, `${STATEMENT} Written in the second window.`)).toBe(409);
  const banner = other.getByRole('alert').filter({ hasText: 'This application was changed elsewhere at' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(
    /You \(in another window or on another device\) changed this application at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(answers\)/,
  );
  await expect(banner).toBeFocused();
  await expect(statement(other)).toHaveValue(`${STATEMENT} Written in the second window.`);
  await expect(other.getByTestId('save-status')).toContainText(
    'Not saved: this application was changed elsewhere.',
  );
  expect(await storedStatement(id)).toBe(`${STATEMENT} Written in the first window.`);
  const { violations } = await new AxeBuilder({ page: other }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // Typing goes on while the choice waits; nothing reaches the server until it is made.
  await statement(other).fill(`${STATEMENT} Written in the second window, kept.`);
  await other.clock.runFor(1_500);
  expect(await storedStatement(id)).toBe(`${STATEMENT} Written in the first window.`);

  await banner.getByRole('button', { name: 'Keep my version and save it' }).click();
  await expect(banner).toHaveCount(0);
  await saved(other);
  expect(await storedStatement(id)).toBe(`${STATEMENT} Written in the second window, kept.`);

  // The first window is stale now; it takes the saved version instead of its own.
  expect(await typeStatement(page, `${STATEMENT} A late edit in the first window.`)).toBe(409);
  const firstBanner = page
    .getByRole('alert')
    .filter({ hasText: 'This application was changed elsewhere at' });
  await expect(firstBanner).toBeVisible();
  await firstBanner.getByRole('button', { name: 'Load the saved version' }).click();
  await expect(firstBanner).toHaveCount(0);
  await expect(statement(page)).toHaveValue(`${STATEMENT} Written in the second window, kept.`);
  expect(await typeStatement(page, `${STATEMENT} Edited after loading.`)).toBe(200);
  await saved(page);
  expect(await storedStatement(id)).toBe(`${STATEMENT} Edited after loading.`);
});
