import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, signInStaff, submittedByNewApplicant } from './support.ts';

const TEMPLATE = '/admin/templates/application_enrolled';

const bodyText = (page: Page) => page.getByTestId('template-editor').getByLabel('Plain-text body');
const bodyHtml = (page: Page) => page.getByTestId('template-editor').getByLabel('HTML body');

test('administrators edit a message template: unknown merge fields are refused, a valid edit is kept as a draft, previewed on a real application, published as a version and restorable', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signInStaff(context, baseURL, 'admin');
  const app = await submittedByNewApplicant(browser, baseURL);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Message templates' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message templates');
  await expect(page.getByTestId('template').filter({ hasText: 'document_rejected' })).toContainText(
    'Admissions could not accept a document',
  );
  await expectNoViolations(page, 'templates list');
  await page.getByRole('link', { name: 'Application enrolled' }).click();
  await expect(page).toHaveURL(new RegExp(`${TEMPLATE}$`));
  await expect(page.getByTestId('merge-fields')).toContainText('{{reference}}');
  const original = await bodyText(page).inputValue();
  const originalHtml = await bodyHtml(page).inputValue();
  const currentVersion = Number(
    /Version (\d+) \(current\)/.exec(await page.getByTestId('template-versions').innerText())?.[1],
  );

  // An unknown field is refused, naming it, and what was typed stays in the form.
  const refused = `Hello {{first_name}},\n\nWelcome to {{course}}.`;
  await bodyText(page).fill(refused);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByTestId('template-editor').getByText(/Unknown merge field \{\{first_name\}\}/),
  ).toBeVisible();
  await expect(bodyText(page)).toHaveValue(refused);
  await expect(bodyText(page)).toBeFocused();
  await expectNoViolations(page, 'template refused');

  // A valid edit is kept as a draft, previewed on a real application, then published as a version.
  const marker = `Bring your passport to registration day (${randomBytes(3).toString('hex')}).`;
  const edited = original.replace('Welcome!', `Welcome! ${marker}`);
  expect(edited).not.toBe(original);
  await bodyText(page).fill(edited);
  await bodyHtml(page).fill(originalHtml.replace('Welcome!', `Welcome! <em>${marker}</em>`));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await expect(bodyText(page)).toHaveValue(edited);
  await expect(page.getByTestId('template-draft')).toContainText('A draft is not published yet');
  const versions = page.getByTestId('template-versions');
  await expect(versions.getByTestId('template-version').first()).toContainText(
    `Version ${currentVersion} (current)`,
  );

  await page.getByLabel('Application reference').fill(app.reference.toLowerCase());
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-source')).toHaveText('Preview of the draft (not published yet)');
  await expect(page.getByTestId('preview-subject')).toHaveText(`You are enrolled: ${app.reference}`);
  await expect(page.getByTestId('preview-text')).toContainText(marker);
  await expect(page.getByTestId('preview-text')).toContainText(`/applications/${app.applicationId}`);
  const html = page.frameLocator('[data-testid="preview-html"]');
  await expect(html.getByText(marker)).toBeVisible();
  await expect(page.getByTestId('preview-html')).toHaveAttribute('sandbox', '');
  // The message itself is in a sandboxed frame that runs no script, axe's included.
  await expectNoViolations(page, 'template preview', ['[data-testid="preview-html"]']);
  await page.getByLabel('Application reference').fill('UP-2000-NOPE00');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-problem')).toHaveText(
    'No submitted application has the reference UP-2000-NOPE00.',
  );
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Template published' })).toBeVisible();
  await expect(page.getByTestId('template-draft')).toHaveCount(0);
  await expect(versions.getByTestId('template-version').first()).toContainText(
    `Version ${currentVersion + 1} (current)`,
  );
  await expect(versions.getByTestId('template-version').first()).toContainText(admin.email);
  await expect(bodyText(page)).toHaveValue(edited);

  // An older version can be read and brought back.
  await page.getByRole('link', { name: `Read version ${currentVersion}`, exact: true }).click();
  await expect(page.getByTestId('viewed-version')).toContainText(`Version ${currentVersion},`);
  await expect(page.getByTestId('viewed-version')).not.toContainText(marker);
  await page
    .getByRole('link', { name: new RegExp(`^Restore in the editor\\W+version ${currentVersion}$`) })
    .click();
  await expect(page.getByTestId('restored-note')).toContainText(`version ${currentVersion}`);
  await expect(bodyText(page)).toHaveValue(original);

  // A draft written on a page opened before a colleague's publish is refused, saying who and when.
  const colleague = await browser.newContext();
  await signInStaff(colleague, baseURL, 'admin');
  const other = await colleague.newPage();
  await other.goto(TEMPLATE);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(versions.getByTestId('template-version').first()).toContainText(
    `Version ${currentVersion + 2} (current)`,
  );
  await expect(bodyText(page)).toHaveValue(original);
  await expect(bodyHtml(page)).toHaveValue(originalHtml);
  const stale = `${original}\n\nA late change.`;
  await bodyText(other).fill(stale);
  await other.getByRole('button', { name: 'Save draft' }).click();
  await other.getByRole('button', { name: 'Publish the draft' }).click();
  await expect(other.getByTestId('template-problem')).toContainText(
    `${admin.email} changed this message template at`,
  );
  await expect(bodyText(other)).toHaveValue(stale);
  await other.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(bodyText(other)).toHaveValue(original);
  await colleague.close();

  // Works on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(TEMPLATE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(page, 'template editor, phone');
});

test('counsellors have no template editor', async ({ page, context, baseURL }) => {
  await signInStaff(context, baseURL, 'counsellor');
  expect((await page.goto('/admin/templates'))?.status()).toBe(404);
  expect((await page.goto(TEMPLATE))?.status()).toBe(404);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin' })).not.toContainText('Message templates');
});
