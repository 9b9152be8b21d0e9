import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { hydrated } from '../islands.ts';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  PASSWORD,
  pdfBytes,
  serviceClient,
  signInWithCookies,
  submitThroughApi,
} from '../applications/support.ts';
import { startFreshInstall, type FreshInstall } from './fresh-install.ts';

const APP_PORT = Number(process.env['E2E_PORT'] ?? 4399) + 100;
const STACK_PORT = Number(process.env['E2E_SUPABASE_PORT'] ?? 54399) + 100;

let install: FreshInstall;

async function expectAccessible(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => `${where}: ${violation.id}`)).toEqual([]);
}
/** The administrator claimed in the first test; the review journey continues as them. */
let admin: { context: BrowserContext; page: Page; id: string; email: string } | undefined;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  install = await startFreshInstall(APP_PORT, STACK_PORT);
});
test.afterAll(async () => {
  await admin?.context.close();
  await install.stop();
});

/** A confirmed account on the fresh install with a browser context signed in as it. */
async function signedInUser(
  browser: Browser,
  label: string,
): Promise<{ context: BrowserContext; page: Page; id: string; email: string }> {
  const service = await serviceClient(install.stackUrl);
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const context = await browser.newContext({ baseURL: install.baseURL });
  await signInWithCookies(context, install.baseURL, email, install.stackUrl);
  return { context, page: await context.newPage(), id: created.data.user.id, email };
}

test('the first administrator is claimed with the printed token, and only once', async ({ browser }) => {
  expect(install.printedToken).toMatch(/^[\w-]{20,}$/);
  const visitor = await browser.newContext({ baseURL: install.baseURL });
  const anonymous = await visitor.newPage();
  await anonymous.goto('/setup-admin');
  await expect(anonymous.getByRole('link', { name: 'Sign in to continue' })).toBeVisible();
  await expectAccessible(anonymous, 'setup, signed out');
  await visitor.close();

  const first = await signedInUser(browser, 'first-admin');
  const second = await signedInUser(browser, 'second-claimant');
  await second.page.goto('/setup-admin');
  await expect(second.page.getByLabel('Setup token')).toBeVisible();

  await first.page.goto('/setup-admin');
  expect((await first.page.goto('/admin'))?.status()).toBe(404);
  await first.page.goto('/setup-admin');
  await first.page.getByLabel('Setup token').fill('not-the-token');
  await first.page.getByRole('button', { name: 'Become administrator' }).click();
  await expect(first.page.getByText('That setup token is not correct.')).toBeVisible();
  await expectAccessible(first.page, 'setup, wrong token');
  await first.page.getByLabel('Setup token').fill(install.printedToken);
  await first.page.getByRole('button', { name: 'Become administrator' }).click();
  await expect(first.page).toHaveURL(/\/admin$/);
  await expect(first.page.getByRole('heading', { level: 1 })).toBeVisible();

  await second.page.getByLabel('Setup token').fill(install.printedToken);
  await second.page.getByRole('button', { name: 'Become administrator' }).click();
  await expect(second.page.getByTestId('setup-complete')).toContainText('Setup is complete');
  await expectAccessible(second.page, 'setup, complete');
  expect((await second.page.goto('/admin'))?.status()).toBe(404);

  const service = await serviceClient(install.stackUrl);
  const { data: admins } = await service.from('user_roles').select('user_id').eq('role', 'admin');
  expect(admins).toEqual([{ user_id: first.id }]);
  const { data: audit } = await service
    .from('audit_log')
    .select('actor, action, entity, after')
    .eq('entity', 'user_roles')
    .eq('actor', first.id);
  expect(audit).toEqual([
    {
      actor: first.id,
      action: 'insert',
      entity: 'user_roles',
      after: expect.objectContaining({ role: 'admin' }),
    },
  ]);
  admin = first;
  await second.context.close();
});

/** The timeline entries of the application detail page, oldest first, as their titles. */
async function historyLabels(page: Page): Promise<string[]> {
  const items = page.getByTestId('history').getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}

test('a submission is reviewed, a document re-uploaded, an offer made and accepted, its conditions met, and every step recorded', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  if (!admin) throw new Error('the first administrator was not claimed');
  const staff = admin.page;
  const applicant = await signedInUser(browser, 'journey-applicant');
  const { id } = await submitThroughApi(applicant.email, applicant.id, install.stackUrl);
  const service = await serviceClient(install.stackUrl);
  const { data: row } = await service.from('applications').select('reference').eq('id', id).single();
  const reference = (row as { reference: string }).reference;

  await staff.goto(`/admin/applications?q=${reference}`);
  await staff.getByTestId('queue-row').getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Application ${reference}`);
  await staff.getByLabel('Move to').selectOption({ label: 'Under review' });
  await staff.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByTestId('status-badge')).toHaveText('Under review');

  const passport = staff.getByTestId('review-doc-passport');
  await passport.locator('summary').click();
  await passport
    .getByLabel('Reason for rejecting the passport')
    .fill('The scan is blurred; upload a sharper copy.');
  await passport.getByRole('button', { name: /^Reject Passport/ }).click();
  await expect(staff.getByTestId('review-doc-passport').getByTestId('document-state')).toHaveText(
    'Rejected: The scan is blurred; upload a sharper copy.',
  );
  await staff.getByLabel('Move to').selectOption({ label: 'Action required' });
  await staff.getByLabel('Note to the applicant').fill('Please upload a sharper passport scan.');
  await staff.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByTestId('status-badge')).toHaveText('Action required');

  const mine = applicant.page;
  await mine.goto('/applications');
  await hydrated(mine);
  const card = mine.getByTestId('application');
  await expect(card.getByTestId('status-badge')).toHaveText('Action required');
  await expect(card.getByTestId('doc-passport')).toContainText(
    'Rejected: The scan is blurred; upload a sharper copy.',
  );
  await card
    .getByTestId('doc-passport')
    .getByLabel('Upload a new passport')
    .setInputFiles({
      name: 'passport-sharp.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('sharp scan'),
    });
  await expect(mine.getByTestId('doc-passport')).toContainText('passport-sharp.pdf');
  await expect(mine.getByTestId('doc-passport')).toContainText('Received, not checked yet');

  await staff.reload();
  const renewed = staff.getByTestId('review-doc-passport');
  await expect(renewed).toContainText('passport-sharp.pdf');
  await renewed.getByRole('button', { name: /^Verify Passport/ }).click();
  await expect(staff.getByTestId('review-doc-passport').getByTestId('document-state')).toContainText(
    'Verified',
  );
  // An offer needs every required document verified.
  const verify = staff.getByRole('button', { name: /^Verify / });
  while ((await verify.count()) > 0) {
    const left = await verify.count();
    await verify.first().click();
    await expect(verify).toHaveCount(left - 1);
  }
  await expect(staff.getByTestId('documents-gate')).toHaveText(/every required document is verified/);
  // The re-upload answered the request: the application came back to review by itself.
  await expect(staff.getByTestId('status-badge')).toHaveText('Under review');
  const decision = staff.getByTestId('decision-form');
  await decision.getByRole('radio', { name: /^Conditional offer/ }).check();
  await decision.getByLabel('Offer conditions').fill('Achieve IELTS 6.5 overall before enrolment.');
  await decision.getByLabel('Release to the applicant now').check();
  await decision.getByRole('button', { name: 'Save decision' }).click();
  await expect(staff.getByTestId('status-badge')).toHaveText('Conditional offer');

  await mine.goto('/applications');
  await hydrated(mine);
  await expect(card.getByTestId('status-badge')).toHaveText('Conditional offer');
  await card.getByRole('button', { name: 'Accept offer' }).click();
  await mine
    .getByRole('dialog', { name: 'Accept this offer?' })
    .getByRole('button', { name: 'Accept offer' })
    .click();
  await expect(mine.getByTestId('status-badge')).toHaveText('Accepted, conditions pending');

  // The conditions are confirmed as a decision of their own; only then can the place be enrolled.
  await staff.reload();
  await expect(staff.getByTestId('status-badge')).toHaveText('Accepted, conditions pending');
  await expect(staff.getByTestId('no-status-moves')).toBeVisible();
  await staff
    .getByTestId('decision-form')
    .getByRole('radio', { name: /^Conditions met/ })
    .check();
  await staff.getByTestId('decision-form').getByLabel('Release to the applicant now').check();
  await staff.getByTestId('decision-form').getByRole('button', { name: 'Save decision' }).click();
  await expect(staff.getByTestId('status-badge')).toHaveText('Offer accepted');
  await staff.getByLabel('Move to').selectOption({ label: 'Enrolled' });
  await staff.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByTestId('status-badge')).toHaveText('Enrolled');
  expect(await historyLabels(staff)).toEqual([
    'Submitted',
    'Under review',
    'Action required',
    'Under review',
    'Decided: Conditional offer',
    'Released to the applicant: Conditional offer',
    'Conditional offer',
    'Accepted, conditions pending',
    'Decided: Conditions met',
    'Released to the applicant: Conditions met',
    'Offer accepted',
    'Enrolled',
  ]);

  const { data: audit } = await service
    .from('audit_log')
    .select('actor, entity, action, before, after')
    .eq('actor', admin.id)
    .in('entity', ['applications', 'application_documents', 'application_decisions'])
    .order('id');
  const steps = (audit ?? []).map((entry) => {
    const after = entry.after as Record<string, unknown>;
    const what = [after['outcome'], after['status'] ?? after['state']].filter(Boolean).join(' ');
    return `${String(entry.entity)} ${String(entry.action)}: ${what}`;
  });
  // Both steps of each decision are recorded: decided (approved at once by an administrator), then released.
  expect(steps).toEqual([
    'applications update: under_review',
    'application_documents update: rejected',
    'applications update: action_required',
    ...Array<string>(4).fill('application_documents update: verified'),
    // The applicant's re-upload, not staff, moved it back to review.
    'application_decisions insert: offer_conditional approved',
    'application_decisions update: released',
    'applications update: offer_conditional',
    'application_decisions insert: conditions_met approved',
    'application_decisions update: released',
    'applications update: accepted',
    'applications update: enrolled',
  ]);
  await staff.goto('/admin/audit');
  const table = staff.getByTestId('audit-table');
  await expect(table.getByRole('link', { name: reference }).first()).toBeVisible();
  await expect(table).toContainText(admin.email);
  await applicant.context.close();
});
