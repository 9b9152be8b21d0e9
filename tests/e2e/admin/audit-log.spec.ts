import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PASSWORD, userClient } from '../applications/support.ts';
import { expectNoViolations, serviceClient, signInStaff, submittedByNewApplicant } from './support.ts';

const tag = randomBytes(3).toString('hex');
const ADMIN_NAME = `Ada Okonkwo ${tag}`;
const COUNSELLOR_NAME = `Siobhán Ní Bhriain ${tag}`;
// A spreadsheet would run this as a formula if the export did not defuse it.
const LEAD_NAME = `=SUM(1+2) ${tag}`;

/** A counsellor with a name on their profile, made with the service key. */
async function namedCounsellor(): Promise<{ id: string; email: string }> {
  const service = await serviceClient();
  const email = `counsellor-${tag}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const id = created.data.user.id;
  const role = await service.from('user_roles').insert({ user_id: id, role: 'counsellor' });
  if (role.error) throw new Error(`role failed: ${role.error.message}`);
  const named = await service.from('profiles').update({ full_name: COUNSELLOR_NAME }).eq('id', id);
  if (named.error) throw new Error(`naming failed: ${named.error.message}`);
  return { id, email };
}

/** The rows of a CSV download or response, without the byte order mark. */
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

test('the audit log names people and applications, filters by person and record, and exports CSV', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const service = await serviceClient();
  const admin = await signInStaff(context, baseURL, 'admin');
  expect(
    (await service.from('profiles').update({ full_name: ADMIN_NAME }).eq('id', admin.id)).error,
  ).toBeNull();
  const counsellor = await namedCounsellor();
  const { applicationId, reference } = await submittedByNewApplicant(browser, baseURL);

  // The administrator assigns the counsellor; the counsellor writes a note.
  const adminApi = await userClient(admin.email);
  const { data: app } = await service.from('applications').select('version').eq('id', applicationId).single();
  const assigned = await adminApi.rpc('assign_application', {
    application_id: applicationId,
    assignee: counsellor.id,
    expected_version: (app as { version: number }).version,
  });
  expect(assigned.error).toBeNull();
  const counsellorApi = await userClient(counsellor.email);
  const noted = await counsellorApi
    .from('application_notes')
    .insert({ application_id: applicationId, body: 'Called the school.' });
  expect(noted.error).toBeNull();

  await page.goto('/admin/audit');
  await page.getByLabel('Record type').selectOption({ label: 'Application' });
  await page.getByLabel('Person').selectOption({ label: `${ADMIN_NAME} (${admin.email})` });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?entity=applications&person=${admin.id}&q=&`));
  const rows = page.getByTestId('audit-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const assignment = rows.first();
  await expect(assignment.getByRole('rowheader')).toContainText('Changed · Application');
  await expect(assignment.getByRole('rowheader')).toContainText(`Assigned to ${COUNSELLOR_NAME}`);
  await expect(assignment.getByRole('link', { name: reference })).toHaveAttribute(
    'href',
    `/admin/applications/${applicationId}`,
  );
  await expect(assignment.getByRole('cell').nth(1)).toContainText(ADMIN_NAME);
  const reviewer = assignment.locator('dt:text-is("Assigned to") + dd');
  await expect(reviewer.locator('[data-side="before"]')).toHaveText('empty');
  await expect(reviewer.locator('[data-side="after"]')).toHaveText(COUNSELLOR_NAME);
  for (const id of [admin.id, counsellor.id, applicationId]) {
    await expect(page.getByTestId('audit-table')).not.toContainText(id);
  }
  await expectNoViolations(page, 'audit log filtered by person and record type');

  // The counsellor's own entries: the note, named after the application.
  await page.getByLabel('Record type').selectOption({ label: 'All records' });
  await page.getByLabel('Person').selectOption({ label: `${COUNSELLOR_NAME} (${counsellor.email})` });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('rowheader')).toContainText('Created · Internal note');
  await expect(rows.first().getByRole('link', { name: `Note on ${reference}` })).toBeVisible();

  // A search without the accents finds her by name: her note, and the role she was given.
  await page.goto('/admin/audit');
  await page.getByLabel('Search').fill(`siobhan ni bhriain ${tag}`);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.getByRole('rowheader')).toContainText([
    `Note on ${reference}`,
    `Counsellor role of ${COUNSELLOR_NAME}`,
  ]);
  await expectNoViolations(page, 'audit log searched');

  // The export holds the same entries as the page, by name, ids nowhere.
  const response = await page.request.get(`/admin/audit/export.csv?entity=applications&person=${admin.id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/csv');
  expect(response.headers()['cache-control']).toBe('no-store');
  const applications = csvLines(await response.text());
  expect(applications[0]).toBe('When (UTC),Who,E-mail,Action,Record type,Record,Summary,Changes,Entry');
  expect(applications).toHaveLength(2);
  expect(applications[1]).toContain(
    `,${ADMIN_NAME},${admin.email},Changed,Application,${reference},Assigned to ${COUNSELLOR_NAME},Assigned to: empty → ${COUNSELLOR_NAME},`,
  );
  expect(applications[1]).not.toContain(counsellor.id);
});

test('the CSV download of a filtered log defuses a lead name a spreadsheet would run as a formula', async ({
  page,
  context,
  baseURL,
}) => {
  const service = await serviceClient();
  const admin = await signInStaff(context, baseURL, 'admin');
  const lead = await service.rpc('submit_lead', {
    payload: { source: 'contact', name: LEAD_NAME, email: `formula-${tag}@example.test` },
  });
  expect(lead.error).toBeNull();
  const adminApi = await userClient(admin.email);
  const worked = await adminApi
    .from('leads')
    .update({ status: 'contacted', version: 1 })
    .eq('id', (lead.data as { id: string }).id);
  expect(worked.error).toBeNull();

  await page.goto(`/admin/audit?entity=leads&person=${admin.id}`);
  await expect(page.getByTestId('audit-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('audit-table').getByRole('rowheader')).toContainText(LEAD_NAME);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export these entries as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^unipath-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csvLines(await readFile((await file.path()) ?? '', 'utf8'));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,Changed,Lead,'${LEAD_NAME},,Status: new → contacted,`);
  expect(lines[1]).toContain(`,${admin.email},${admin.email},`);
});
