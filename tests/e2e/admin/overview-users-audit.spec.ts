import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { hydrated, staffClient } from '../applications/support.ts';
import { expectNoViolations, serviceClient, signInStaff, submittedByNewApplicant } from './support.ts';

async function newAccount(): Promise<{ email: string; id: string }> {
  const service = await serviceClient();
  const email = `account-${randomBytes(4).toString('hex')}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: randomBytes(12).toString('hex') });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  return { email, id: created.data.user.id };
}

async function rolesOf(id: string): Promise<string[]> {
  const service = await serviceClient();
  const { data } = await service.from('user_roles').select('role').eq('user_id', id);
  return ((data ?? []) as { role: string }[]).map((row) => row.role).sort();
}

async function countOf(service: SupabaseClient, table: string, column: string, values: string[]) {
  const { count, error } = await service
    .from(table)
    .select('id', { count: 'exact', head: true })
    .in(column, values);
  if (error) throw new Error(error.message);
  return String(count ?? 0);
}

/** The headline figures as the database has them right now. */
async function headlineFigures() {
  const service = await serviceClient();
  return {
    triage: await countOf(service, 'applications', 'status', ['submitted']),
    review: await countOf(service, 'applications', 'status', ['under_review', 'action_required']),
    leads: await countOf(service, 'leads', 'status', ['new']),
    drafts: await countOf(service, 'applications', 'status', ['draft']),
  };
}

test('the overview shows the figures the database holds, with charts readable as tables', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await submittedByNewApplicant(browser, baseURL);
  await signInStaff(context, baseURL, 'counsellor');
  const anon = await serviceClient();
  const lead = await anon.rpc('submit_lead', {
    payload: {
      name: 'Ifeoma Bello',
      email: `lead-${randomBytes(3).toString('hex')}@example.com`,
      source: 'popup',
    },
  });
  expect(lead.error).toBeNull();

  // Other specs change applications on the same stack: compare one reading of the page with the
  // database read just before it, and read both again if something moved in between.
  await expect(async () => {
    const expected = await headlineFigures();
    await page.goto('/admin');
    expect({
      triage: await page.getByTestId('kpi-awaiting-triage').textContent(),
      review: await page.getByTestId('kpi-in-review').textContent(),
      leads: await page.getByTestId('kpi-new-leads').textContent(),
      drafts: await page.getByTestId('kpi-drafts').textContent(),
    }).toEqual(expected);
  }).toPass();

  await expect(page.getByRole('heading', { level: 1, name: 'Admissions overview' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Awaiting triage/ })).toHaveAttribute(
    'href',
    '/admin/applications?status=submitted',
  );
  await expect(page.getByRole('link', { name: /New leads/ })).toHaveAttribute(
    'href',
    '/admin/leads?status=new',
  );

  const sources = page.getByRole('table', { name: 'Leads by source' });
  await expect(sources.getByRole('rowheader', { name: 'Pop-up offer' })).toBeVisible();
  const statuses = page.getByRole('table', { name: 'Applications by status' });
  await expect(statuses.getByRole('link', { name: 'Submitted' })).toHaveAttribute(
    'href',
    '/admin/applications?status=submitted',
  );
  const weeks = page.getByRole('table', { name: 'Submissions per week, last 12 weeks' });
  await expect(weeks.locator('tbody tr')).toHaveCount(12);
  await expect(page.getByRole('region', { name: 'Time to decision' })).toBeVisible();
  await expectNoViolations(page, 'overview');
});

test('an administrator grants the counsellor role by keyboard, revokes it after confirming, and the audit log shows both', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await signInStaff(context, baseURL, 'admin');
  const target = await newAccount();

  await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
  const row = page.locator(`tr[data-user-id="${target.id}"]`);
  await expect(row).toContainText('No staff role');
  await expect(row.getByRole('button', { name: `Grant counsellor to ${target.email}` })).toBeVisible();
  await expect(row.locator('summary', { hasText: 'Revoke counsellor' })).toHaveCount(0);
  await expectNoViolations(page, 'users');

  await page.getByLabel('Search by name or e-mail').focus();
  const grant = row.getByRole('button', { name: `Grant counsellor to ${target.email}` });
  for (
    let presses = 0;
    presses < 40 && !(await grant.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(grant).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-toast-region="status"]')).toContainText(
    `Counsellor role granted to ${target.email}.`,
  );
  await expect(row.getByRole('listitem')).toHaveText(['Counsellor']);
  expect(await rolesOf(target.id)).toEqual(['counsellor']);

  // A counsellor works for every university until given some; a choice of none is refused on the page.
  await row.getByRole('link', { name: `Universities ${target.email} decides for` }).click();
  await expect(page.getByLabel('Every university')).toBeChecked();
  await page.getByLabel('Only the universities ticked below').check();
  await page.getByRole('button', { name: 'Save universities' }).click();
  await expect(page.getByTestId('form-problem')).toHaveText(
    'Tick at least one university, or choose every university.',
  );
  await expectNoViolations(page, 'counsellor universities, refused');
  await page.getByTestId('universities-form').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Save universities' }).click();
  await expect(page.locator('[data-toast-region="status"]')).toContainText(
    'now decides for one university only.',
  );
  await page.getByRole('link', { name: 'Choices and offices' }).first().click();
  const office = page.getByTestId('counsellor-office').filter({ hasText: target.email });
  await expect(office.getByTestId('counsellor-scope')).not.toHaveText('Every university');
  await expectNoViolations(page, 'choices and offices');
  await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);

  await row.locator('summary', { hasText: 'Revoke counsellor' }).click();
  await expect(row).toContainText('They lose access to the admin console as soon as you confirm.');
  await expectNoViolations(page, 'users with a revocation to confirm');
  await row.getByRole('button', { name: `Yes, revoke counsellor from ${target.email}` }).click();
  await expect(page.locator('[data-toast-region="status"]')).toContainText(
    `Counsellor role revoked from ${target.email}.`,
  );
  await expect(row).toContainText('No staff role');
  expect(await rolesOf(target.id)).toEqual([]);

  await page.goto(`/admin/audit?entity=user_roles&person=${admin.id}`);
  const entries = page.getByTestId('audit-table').locator('tbody tr');
  await expect(entries).toHaveCount(2);
  const [revoked, granted] = [entries.nth(0), entries.nth(1)];
  await expect(revoked.getByRole('rowheader')).toContainText('Revoked · Staff role');
  await expect(revoked.getByRole('rowheader')).toContainText(`Counsellor role of ${target.email}`);
  await expect(revoked).toContainText('Values removed');
  await expect(revoked.getByRole('definition').filter({ hasText: 'counsellor' })).toBeVisible();
  await expect(granted.getByRole('rowheader')).toContainText('Granted · Staff role');
  await expect(granted).not.toContainText(target.id);
  await expect(granted).toContainText(admin.email);
  const grantedValues = granted.getByTestId('audit-changes');
  await expect(grantedValues.getByRole('term')).toContainText(['Granted at', 'Granted by', 'Role', 'User']);
  await expect(grantedValues.locator('dt:text-is("Role") + dd')).toHaveText('counsellor');
  await expect(grantedValues.locator('dt:text-is("Granted by") + dd')).toHaveText(admin.email);
  await expect(grantedValues.locator('dt:text-is("User") + dd')).toHaveText(target.email);
  await expectNoViolations(page, 'audit');
});

test('the audit log shows a status change as before and after, linked to the application by reference, and filters by date', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await signInStaff(context, baseURL, 'admin');
  const { applicationId, reference } = await submittedByNewApplicant(browser, baseURL);
  const staff = await staffClient();
  const staffUser = (await staff.auth.getUser()).data.user;
  const staffId = staffUser?.id ?? '';
  const { data: app } = await staff.from('applications').select('version').eq('id', applicationId).single();
  const moved = await staff.rpc('transition_application', {
    application_id: applicationId,
    to_status: 'under_review',
    expected_version: (app as { version: number }).version,
    note: 'Review started.',
  });
  expect(moved.error).toBeNull();

  const today = new Date().toISOString().slice(0, 10);
  await page.goto('/admin/audit');
  await page.getByLabel('Record type').selectOption({ label: 'Application' });
  await page.getByLabel('Person').selectOption({ label: staffUser?.email ?? '' });
  await page.getByLabel('From (UTC day)').fill(today);
  await page.getByLabel('To (UTC day)').fill(today);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(
    new RegExp(`entity=applications&person=${staffId}&q=&from=${today}&to=${today}`),
  );
  const entry = page.getByTestId('audit-table').locator('tbody tr');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('link', { name: reference })).toHaveAttribute(
    'href',
    `/admin/applications/${applicationId}`,
  );
  await expect(entry).not.toContainText(applicationId);
  const status = entry.locator('dt:text-is("Status") + dd');
  await expect(status.locator('[data-side="before"]')).toHaveText('Submitted');
  await expect(status.locator('[data-side="after"]')).toHaveText('Under review');

  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/admin/audit?person=${staffId}&to=${yesterday}`);
  await expect(page.getByTestId('audit-empty')).toHaveText('No entry matches these filters.');
  await page.goto(`/admin/audit?person=${staffId}&from=${today}&to=${yesterday}`);
  await expect(page.getByLabel('To (UTC day)')).toHaveAccessibleDescription(
    /end date is before the start date/,
  );
  await expect(page.getByTestId('audit-table').locator('tbody tr')).not.toHaveCount(0);
  await expectNoViolations(page, 'audit with a backwards range');

  await page.goto(`/admin/audit?person=${staffId}&page=400`);
  await expect(page.getByTestId('audit-empty')).toContainText('There is nothing on page 400.');
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page.getByTestId('audit-table').locator('tbody tr')).toHaveCount(1);
});

test('the accounts list pages through a search 25 at a time, with the page in the URL', async ({
  page,
  context,
  baseURL,
}) => {
  await signInStaff(context, baseURL, 'admin');
  const service = await serviceClient();
  const token = randomBytes(4).toString('hex');
  await Promise.all(
    Array.from({ length: 26 }, (_, index) =>
      service.auth.admin.createUser({
        email: `paged-${token}-${index}@example.com`,
        password: `pw-${token}-${index}`,
      }),
    ),
  );

  await page.goto('/admin/users');
  await page.getByLabel('Search by name or e-mail').fill(`paged-${token}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('users-summary')).toContainText(`26 accounts match “paged-${token}”`);
  const rows = page.getByTestId('users-table').locator('tbody tr');
  await expect(rows).toHaveCount(25);
  const pages = page.getByRole('navigation', { name: 'Account pages' });
  await expect(pages.getByRole('link', { name: 'Page 1 of 2' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=paged-${token}&page=2$`));
  await expect(rows).toHaveCount(1);
  await page.goto(`/admin/users?q=nobody-${token}`);
  await expect(page.getByTestId('users-empty')).toHaveText(`No account matches “nobody-${token}”.`);
});

test('revoking your own administrator role asks first, then leaves you outside the admin-only pages', async ({
  page,
  context,
  baseURL,
}) => {
  const me = await signInStaff(context, baseURL, 'admin');
  await page.goto(`/admin/users?q=${encodeURIComponent(me.email)}`);
  const row = page.locator(`tr[data-user-id="${me.id}"]`);
  await expect(row.getByRole('rowheader')).toContainText('(you)');
  const revoke = row.getByRole('button', { name: `Yes, revoke administrator from ${me.email}` });
  await expect(revoke).toBeHidden();
  await row.locator('summary', { hasText: 'Revoke administrator' }).click();
  await expect(row).toContainText('You lose access to the admin console as soon as you confirm.');
  await revoke.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await hydrated(page);
  await expect(page.locator('[data-toast-region="status"]')).toContainText(
    'Administrator role revoked from you.',
  );
  expect(await rolesOf(me.id)).toEqual([]);
  expect((await page.goto('/admin/users'))?.status()).toBe(404);
});

test('a counsellor sees the overview but not users and roles or the audit log', async ({
  page,
  context,
  baseURL,
}) => {
  const counsellor = await signInStaff(context, baseURL, 'counsellor');
  expect((await page.goto('/admin'))?.status()).toBe(200);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Users and roles' })).toHaveCount(0);
  for (const path of [
    '/admin/users',
    '/admin/audit',
    '/admin/audit?entity=user_roles',
    '/admin/audit/export.csv',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  // A forged grant with a valid CSRF token still meets the 404 (and the database's own refusal).
  await page.goto('/admin');
  const csrf = await page.locator('input[name="csrf_token"]').first().inputValue();
  const posted = await page.request.post('/admin/users', {
    form: { csrf_token: csrf, intent: 'set-role', user_id: counsellor.id, role: 'admin', grant: 'true' },
    headers: { origin: baseURL ?? '' },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(404);
  expect(await rolesOf(counsellor.id)).toEqual(['counsellor']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toast a staff form leaves after its redirect is drawn by the server', async ({
    page,
    context,
    baseURL,
  }) => {
    await signInStaff(context, baseURL, 'admin');
    const target = await newAccount();
    await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
    const row = page.locator(`tr[data-user-id="${target.id}"]`);
    await row.getByRole('button', { name: `Grant counsellor to ${target.email}` }).click();
    await expect(page.locator('[data-toast-region="status"]')).toContainText(
      `Counsellor role granted to ${target.email}.`,
    );
    expect(await rolesOf(target.id)).toEqual(['counsellor']);
  });
});
