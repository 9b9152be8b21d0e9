import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD,
  decide,
  draftThroughApi,
  reviewAndVerify,
  serviceClient,
  staffClient,
  userClient,
  STACK_URL,
} from '../applications/support.ts';
import { expectNoViolations, noHorizontalScroll, signInStaff } from './support.ts';

/** Two universities of this run's own, so that other journeys running beside it change none of its figures. */
async function ownCycle(): Promise<{
  names: { a: string; b: string };
  ids: { a: string; b: string };
  cycle: number;
}> {
  const service = await serviceClient();
  const tag = randomBytes(3).toString('hex');
  const names = { a: `Reports Alpha University ${tag}`, b: `Reports Beta University ${tag}` };
  const ids = { a: '', b: '' };
  const intakes = { a: '', b: '' };
  for (const side of ['a', 'b'] as const) {
    const uni = await service
      .from('universities')
      .insert({
        slug: `reports-${side}-${tag}`,
        name: names[side],
        country_code: 'GB',
        city: 'Bath',
        currency: 'GBP',
        published: true,
      })
      .select('id')
      .single();
    if (uni.error) throw new Error(`university failed: ${uni.error.message}`);
    ids[side] = (uni.data as { id: string }).id;
    const course = await service
      .from('courses')
      .insert({
        slug: `reports-course-${side}-${tag}`,
        university_id: ids[side],
        title: `Reports Course ${side.toUpperCase()} ${tag}`,
        level: 'bachelor',
        field: 'Computing',
        duration_months: 36,
        tuition_amount: 9000,
        tuition_currency: 'GBP',
        published: true,
      })
      .select('id')
      .single();
    if (course.error) throw new Error(`course failed: ${course.error.message}`);
    const checklist = await service
      .from('document_requirements')
      .insert({ course_id: (course.data as { id: string }).id, kind: 'passport', required: true });
    if (checklist.error) throw new Error(`checklist failed: ${checklist.error.message}`);
    const intake = await service
      .from('intakes')
      .insert({
        course_id: (course.data as { id: string }).id,
        term: `September 2031`,
        opens_at: '2026-01-01',
        deadline: '2031-06-30',
        start_date: '2031-09-15',
        status: 'open',
      })
      .select('id, course_id')
      .single();
    if (intake.error) throw new Error(`intake failed: ${intake.error.message}`);
    intakes[side] = (intake.data as { id: string }).id;
  }
  const submittedOn = async (side: 'a' | 'b'): Promise<string> => {
    const email = `reports-${randomBytes(4).toString('hex')}@example.com`;
    const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
    const client = await userClient(email);
    const { data: intake } = await service
      .from('intakes')
      .select('course_id')
      .eq('id', intakes[side])
      .single();
    const app = await draftThroughApi(
      client,
      created.data.user.id,
      STACK_URL,
      intakes[side],
      (intake as { course_id: string }).course_id,
    );
    const submitted = await client.rpc('submit_application', { application_id: app.id });
    if (submitted.error) throw new Error(`submit failed: ${submitted.error.message}`);
    return app.id;
  };
  const [offered] = [
    await submittedOn('a'),
    await submittedOn('a'),
    await submittedOn('a'),
    await submittedOn('b'),
  ];
  const staff = await staffClient();
  await reviewAndVerify(staff, offered ?? '');
  await decide(staff, offered ?? '', 'offer_unconditional');
  return { names, ids, cycle: 2031 };
}

/** A figure of the funnel's table: the row of `step`, the column of this cycle. */
const funnelFigure = (page: Page, step: string) =>
  page
    .getByTestId('report-funnel')
    .getByRole('row', { name: new RegExp(`^${step}`) })
    .getByRole('cell')
    .first();

test('an administrator reads the cycle, its figures match the review queue, and the exports open', async ({
  context,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const own = await ownCycle();
  await signInStaff(context, baseURL, 'admin');
  await page.goto('/admin/reports');
  await page.getByLabel('Cycle (the year intakes start)').selectOption(String(own.cycle));
  await page.getByLabel('University').selectOption({ label: own.names.a });
  await page.getByRole('button', { name: 'Show figures' }).click();
  await expect(page).toHaveURL(new RegExp(`university=${own.ids.a}`));
  await expect(funnelFigure(page, 'Submitted')).toHaveText('3');
  await expect(funnelFigure(page, 'Offered')).toHaveText('1');
  await expect(
    page
      .getByTestId('report-yield')
      .getByRole('row', { name: /^2031 cycle/ })
      .getByRole('cell'),
  ).toHaveText(['1', '0', '0', '0.0%', '0.0%']);
  await expectNoViolations(page, 'reports of one university');

  // The same filter on the review queue lists the same applications.
  await page.goto(`/admin/applications?course=${encodeURIComponent(own.names.a)}`);
  await expect(page.getByTestId('queue-summary')).toContainText('3 applications match');
  await page.goto(`/admin/applications?course=${encodeURIComponent(own.names.a)}&status=offer_unconditional`);
  await expect(page.getByTestId('queue-summary')).toContainText('1 application matches');

  // The CSV of the funnel and the workbook carry the page's numbers.
  await page.goto(`/admin/reports?cycle=${own.cycle}&university=${own.ids.a}`);
  const csvDownload = page.waitForEvent('download');
  await page
    .getByTestId('report-funnel')
    .getByRole('link', { name: /Download CSV/ })
    .click();
  const csv = (await readFile(await (await csvDownload).path())).toString('utf8').replace(/^\uFEFF/, '');
  const rows = csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(rows.find((row) => row[0] === 'Submitted')?.[1]).toBe('3');
  expect(rows.find((row) => row[0] === 'Offered')?.[1]).toBe('1');
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: /every report as a workbook/ }).click();
  const files = unzipSync(new Uint8Array(await readFile(await (await xlsxDownload).path())));
  const sheets = [...strFromU8(files['xl/workbook.xml'] ?? new Uint8Array()).matchAll(/name="([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(sheets).toEqual(expect.arrayContaining(['Funnel', 'By course and intake', 'Waiting longest']));

  // On a phone the page reads without scrolling sideways; wide tables scroll within themselves.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(funnelFigure(page, 'Submitted')).toHaveText('3');
  await noHorizontalScroll(page);
  await expectNoViolations(page, 'reports on a phone');
});

test("a counsellor sees their university's figures and none of another's", async ({
  context,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const own = await ownCycle();
  const me = await signInStaff(context, baseURL, 'counsellor');
  const service = await serviceClient();
  const scoped = await service
    .from('staff_universities')
    .insert({ user_id: me.id, university_id: own.ids.a });
  expect(scoped.error).toBeNull();
  await page.goto(`/admin/reports?cycle=${own.cycle}`);
  await expect(funnelFigure(page, 'Submitted')).toHaveText('3');
  await expect(page.getByLabel('University').locator('option')).toHaveText([
    'Every university you cover',
    own.names.a,
  ]);
  await expect(page.getByTestId('report-courses')).not.toContainText(own.names.b);
  await page.goto(`/admin/reports?cycle=${own.cycle}&university=${own.ids.b}`);
  await expect(funnelFigure(page, 'Submitted')).toHaveText('0');
  await expect(page.getByTestId('report-courses')).toContainText(
    'No course has applications matching these filters.',
  );
});
