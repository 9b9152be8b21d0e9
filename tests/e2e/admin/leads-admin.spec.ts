import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServerClient } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type BrowserContext } from '@playwright/test';
import { stackKeys } from '../stack-keys.ts';
import { signInNewApplicant, STACK_URL } from '../applications/support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

/** The access token of the session the browser holds, read back the way the app's SSR client reads it. */
async function browserToken(context: BrowserContext): Promise<string> {
  const { anonKey } = await stackKeys(STACK_URL);
  const jar = (await context.cookies()).map(({ name, value }) => ({ name, value }));
  const ssr = createServerClient(STACK_URL, anonKey, { cookies: { getAll: () => jar, setAll: () => {} } });
  const { data } = await ssr.auth.getSession();
  if (!data.session) throw new Error('no session in the browser context');
  return data.session.access_token;
}

const tag = randomBytes(4).toString('hex');
const LEAD = {
  name: `Tomás Ruiz ${tag}`,
  email: `tomas.${tag}@example.test`,
  // A spreadsheet would run this as a formula if the export did not defuse it.
  message: `=1+2 Can I start in January ${tag}?`,
};
let leadId = '';

test.describe.configure({ mode: 'serial' });

test('a lead sent from the contact page is listed for an admin, in full, and in the CSV export', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/contact/?utm_source=e2e-flyer&utm_campaign=autumn');
  const form = page.locator('form#contact-lead');
  await form.getByLabel('Your name').fill(LEAD.name);
  await form.getByLabel('E-mail address').fill(LEAD.email);
  await form.getByLabel('Your question (optional)').fill(LEAD.message);
  await form.getByRole('checkbox', { name: 'By e-mail' }).check();
  await form.getByRole('button', { name: 'Send my message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A counsellor will contact you' })).toBeVisible();

  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  const admin = await context.newPage();
  await signInStaff(context, baseURL ?? '');
  await admin.goto('/admin/leads');
  await admin.getByLabel('Name or e-mail').fill(LEAD.email);
  await admin.getByLabel('Source').selectOption('contact');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin).toHaveURL(/source=contact/);
  const row = admin.getByRole('row').filter({ hasText: LEAD.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Contact page');
  await expect(row).toContainText('New');
  await expect(row).toContainText('Nobody yet');
  await expectNoViolations(admin, 'leads list');

  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Export these leads as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^unipath-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Received,Updated,Status,Source,Name,E-mail,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(LEAD.email);
  expect(lines[1]).toContain(`'${LEAD.message}`);
  expect(lines[1]).toContain('e2e-flyer');

  const response = await admin.request.get(`/admin/leads/export.csv?q=${encodeURIComponent(LEAD.email)}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/csv');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="unipath-leads-/);
  expect(response.headers()['cache-control']).toBe('no-store');

  await row.getByRole('link', { name: LEAD.name }).click();
  await expect(admin.getByRole('heading', { level: 1, name: LEAD.name })).toBeVisible();
  leadId = admin.url().split('/').at(-1) ?? '';
  const facts = admin.locator('main');
  for (const text of [LEAD.email, LEAD.message, 'e2e-flyer', 'autumn', 'Contact page', '/contact']) {
    await expect(facts).toContainText(text);
  }
  await expect(admin.locator('dt:has-text("By e-mail") + dd')).toHaveText('Yes');
  await expect(admin.locator('dt:has-text("On WhatsApp") + dd')).toHaveText('No');
  await expect(admin.locator('dt:has-text("Times sent") + dd')).toHaveText('1');
  await expectNoViolations(admin, 'lead detail');
  await context.close();
});

test('the same lead stays invisible to an applicant, in the pages and through the API', async ({
  page,
  context,
  baseURL,
}) => {
  expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
  await signInNewApplicant(context, baseURL ?? '');
  for (const path of ['/admin/leads', `/admin/leads/${leadId}`, '/admin/leads/export.csv']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(page.getByText(LEAD.email)).toHaveCount(0);

  const { anonKey } = await stackKeys(STACK_URL);
  const token = await browserToken(context);
  const api = createClient(STACK_URL, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const all = await api.from('leads').select('id, email');
  expect(all.data ?? []).toEqual([]);
  const one = await api.from('leads').select('*').eq('id', leadId);
  expect(one.data ?? []).toEqual([]);
  const changed = await api.from('leads').update({ status: 'lost' }).eq('id', leadId).select('id');
  expect(changed.data ?? []).toEqual([]);
  const service = await serviceClient();
  const stored = await service.from('leads').select('status').eq('id', leadId).single();
  expect(stored.data?.status).toBe('new');
});

test('an admin updates the lead’s status, assignee and notes', async ({ page, context, baseURL }) => {
  expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
  const admin = await signInStaff(context, baseURL ?? '');
  await page.goto(`/admin/leads/${leadId}`);
  await page.getByLabel('Status').selectOption({ label: 'Contacted' });
  await page.getByLabel('Assigned to').selectOption({ label: admin.email });
  await page.getByLabel('Notes').fill('Called on Monday; sending the January intake brochure.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The lead is updated.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('contacted');
  await expect(page.getByLabel('Assigned to')).toHaveValue(admin.id);
  await expect(page.getByLabel('Notes')).toHaveValue(
    'Called on Monday; sending the January intake brochure.',
  );
  await expectNoViolations(page, 'lead detail after saving');

  const service = await serviceClient();
  const stored = await service.from('leads').select('status, assignee, notes').eq('id', leadId).single();
  expect(stored.data).toEqual({
    status: 'contacted',
    assignee: admin.id,
    notes: 'Called on Monday; sending the January intake brochure.',
  });

  await page.goto(`/admin/leads?status=contacted&assignee=${admin.id}`);
  const row = page.getByRole('row').filter({ hasText: LEAD.email });
  await expect(row).toContainText('Contacted');
  await expect(row).toContainText(admin.email);
});

test('a lead saved by a colleague meanwhile refuses the stale form, keeps what was typed, and saves on the second try', async ({
  page,
  context,
  baseURL,
}) => {
  expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
  await signInStaff(context, baseURL ?? '');
  const colleague = await context.newPage();
  await page.goto(`/admin/leads/${leadId}`);
  await colleague.goto(`/admin/leads/${leadId}`);

  await colleague.getByLabel('Notes', { exact: true }).fill('Colleague: brochure sent on Tuesday.');
  await colleague.getByRole('button', { name: 'Save changes' }).click();
  await expect(colleague.getByRole('status').filter({ hasText: 'The lead is updated.' })).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Qualified' });
  await page.getByLabel('Notes', { exact: true }).fill('Mine: ready to apply in January.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const summary = page.getByTestId('lead-conflict');
  await expect(summary).toContainText(
    /changed this lead at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(notes\), after you opened it/,
  );
  await expect(summary).toBeFocused();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('qualified');
  await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Mine: ready to apply in January.');
  await expect(page.getByTestId('lead-saved')).toContainText('Colleague: brochure sent on Tuesday.');
  await expectNoViolations(page, 'lead form refused as stale');

  const service = await serviceClient();
  let stored = await service.from('leads').select('status, notes').eq('id', leadId).single();
  expect(stored.data).toEqual({ status: 'contacted', notes: 'Colleague: brochure sent on Tuesday.' });

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The lead is updated.' })).toBeVisible();
  stored = await service.from('leads').select('status, notes').eq('id', leadId).single();
  expect(stored.data).toEqual({ status: 'qualified', notes: 'Mine: ready to apply in January.' });
});
