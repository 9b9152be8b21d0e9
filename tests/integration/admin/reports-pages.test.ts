import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfFor, sessionCookies, startFuzzApp, type FuzzApp } from '../security/app-harness.ts';
import { intake, person, submitted } from '../applications/fixtures.ts';

/**
 * The reports pages and their downloads as staff browsers fetch them from the built server: the
 * figures follow the filters, a counsellor's stop at the universities they cover, and the CSV and
 * the workbook carry the page's numbers.
 */

let fuzz: FuzzApp;
let counsellor = '';
let applicantCookie = '';
const universities = { a: '', b: '' };
let cycle = 0;
const applications: string[] = [];
const TITLE_A = `=HYPERLINK("http://evil.example") Report Course ${randomUUID().slice(0, 6)}`;
const TITLE_B = `Other Report Course ${randomUUID().slice(0, 6)}`;

async function university(name: string): Promise<string> {
  const { rows } = await fuzz.stack.db.query<{ id: string }>(
    `insert into public.universities (slug, name, country_code, city, currency, published)
     values ($1, $2, 'GB', 'Bath', 'GBP', true) returning id`,
    [`report-uni-${randomUUID().slice(0, 8)}`, name],
  );
  return rows[0]?.id ?? '';
}

async function courseAt(universityId: string, title: string): Promise<string> {
  const { rows } = await fuzz.stack.db.query<{ id: string }>(
    `insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
       tuition_currency, published)
     values ($1, $2, $3, 'bachelor', 'Computing', 36, 9000, 'GBP', true) returning id`,
    [`report-course-${randomUUID().slice(0, 8)}`, universityId, title],
  );
  const id = rows[0]?.id ?? '';
  await fuzz.stack.db.query(
    `insert into public.document_requirements (course_id, kind, required, max_size_bytes) values
       ($1, 'passport', true, 5242880), ($1, 'transcript', true, 10485760)`,
    [id],
  );
  return id;
}

const get = (path: string, cookie: string) =>
  fetch(new URL(path, fuzz.app.url), { headers: { cookie }, redirect: 'manual' });

/** The CSV's rows, with the byte order mark gone; the figures have no commas or quotes in them. */
async function csvRows(path: string, cookie: string): Promise<string[][]> {
  const response = await get(path, cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  const text = (await response.text()).replace(/^\uFEFF/, '');
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

const submittedOf = (rows: string[][]) => rows.find((row) => row[0] === 'Submitted')?.[1];

beforeAll(async () => {
  fuzz = await startFuzzApp();
  universities.a = await university(`Report University A ${randomUUID().slice(0, 4)}`);
  universities.b = await university(`Report University B ${randomUUID().slice(0, 4)}`);
  const courseA = await courseAt(universities.a, TITLE_A);
  const courseB = await courseAt(universities.b, TITLE_B);
  const intakeA = await intake(fuzz.stack, courseA);
  const intakeB = await intake(fuzz.stack, courseB);
  for (const [courseId, intakeId] of [
    [courseA, intakeA],
    [courseA, intakeA],
    [courseB, intakeB],
  ] as const) {
    applications.push((await submitted(await person(fuzz.stack), courseId, intakeId)).id);
  }
  // The first applicant's name reads as a formula; the second has two sent reads.
  await fuzz.stack.db.query(
    `update public.applications set answers = jsonb_set(answers, '{personal,full_name}', '"=cmd|calc"') where id = $1`,
    [applications[0]],
  );
  await fuzz.stack.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    for (const total of [70, 81]) {
      await tx.query(
        `insert into public.application_reads (application_id, reader_id, status, scoresheet_version_id, total,
           recommendation, submitted_at)
         select $1, u.id, 'submitted', gen_random_uuid(), $2, (public.read_recommendations())[1], now()
         from auth.users u where u.id not in (select reader_id from public.application_reads where application_id = $1)
         limit 1`,
        [applications[1], total],
      );
    }
  });
  const { rows } = await fuzz.stack.db.query<{ cycle: number }>(
    'select extract(year from start_date)::int as cycle from public.intakes where id = $1',
    [intakeA],
  );
  cycle = rows[0]?.cycle ?? 0;
  const email = `reports-office-${Date.now()}@example.com`;
  counsellor = await sessionCookies(fuzz.stack, email, 'counsellor');
  await fuzz.stack.db.query(
    `insert into public.staff_universities (user_id, university_id)
     select u.id, $2 from auth.users u where u.email = $1`,
    [email, universities.a],
  );
  applicantCookie = await sessionCookies(fuzz.stack, `reports-applicant-${Date.now()}@example.com`);
}, 180_000);

afterAll(async () => {
  await fuzz.close();
});

describe('the reports pages', () => {
  it("show an administrator each university's figures as its filter asks", async () => {
    const a = await csvRows(
      `/admin/reports/export.csv?table=funnel&cycle=${cycle}&university=${universities.a}`,
      fuzz.admin.cookie,
    );
    expect(a[0]).toEqual([
      'Step',
      `${cycle} cycle`,
      `${cycle} from the step before (%)`,
      `${cycle - 1} cycle`,
      `${cycle - 1} from the step before (%)`,
    ]);
    expect(submittedOf(a)).toBe('2');
    const b = await csvRows(
      `/admin/reports/export.csv?table=funnel&cycle=${cycle}&university=${universities.b}`,
      fuzz.admin.cookie,
    );
    expect(submittedOf(b)).toBe('1');
    const page = await get(`/admin/reports?cycle=${cycle}&university=${universities.a}`, fuzz.admin.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Report University A');
    expect(html).toContain('Download every report as a workbook');
  });

  it("give a counsellor their universities' figures and none of another's", async () => {
    const own = await csvRows(`/admin/reports/export.csv?table=funnel&cycle=${cycle}`, counsellor);
    expect(submittedOf(own)).toBe('2');
    const other = await csvRows(
      `/admin/reports/export.csv?table=funnel&cycle=${cycle}&university=${universities.b}`,
      counsellor,
    );
    expect(submittedOf(other)).toBe('0');
    const courses = await (
      await get(`/admin/reports/export.csv?table=courses&cycle=${cycle}`, counsellor)
    ).text();
    expect(courses).not.toContain(TITLE_B);
    const page = await (await get(`/admin/reports?cycle=${cycle}`, counsellor)).text();
    expect(page).not.toContain(TITLE_B);
    expect(page).not.toMatch(/Report University B/);
  });

  it('write a course title that looks like a formula as text in the CSV', async () => {
    const csv = await (
      await get(
        `/admin/reports/export.csv?table=courses&cycle=${cycle}&university=${universities.a}`,
        fuzz.admin.cookie,
      )
    ).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('download every report as a workbook with the same figures', async () => {
    const response = await get(
      `/admin/reports/export.xlsx?cycle=${cycle}&university=${universities.a}`,
      fuzz.admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const workbook = strFromU8(files['xl/workbook.xml'] ?? new Uint8Array());
    const names = [...workbook.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(
      expect.arrayContaining(['Funnel', 'Yield', 'Time to decision', 'Applicants by nationality']),
    );
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    const funnel = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    const texts = [...strings.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);
    const rows = [...funnel.matchAll(/<row[^>]*>(.*?)<\/row>/g)].map((row) =>
      [...(row[1] ?? '').matchAll(/<c ([^>]*)>(?:<v>([^<]*)<\/v>|<is><t>([^<]*)<\/t><\/is>)<\/c>/g)].map(
        (cell) => (/t="s"/.test(cell[1] ?? '') ? texts[Number(cell[2])] : (cell[2] ?? cell[3])),
      ),
    );
    expect(rows.find((row) => row[0] === 'Submitted')?.[1]).toBe('2');
  });

  it('are for staff only', async () => {
    for (const path of [
      '/admin/reports',
      '/admin/reports/export.csv?table=funnel',
      '/admin/reports/export.xlsx',
    ]) {
      expect((await get(path, applicantCookie)).status).toBe(404);
      expect((await get(path, '')).status).not.toBe(200);
    }
  });

  it('ignore filters a hand-edited address gets wrong, and ask for a table to export', async () => {
    const page = await get(
      '/admin/reports?cycle=abc&course=not-an-id&from=2027-02-31&nationality=ZZ',
      fuzz.admin.cookie,
    );
    expect(page.status).toBe(200);
    expect((await get('/admin/reports/export.csv?table=nope', fuzz.admin.cookie)).status).toBe(400);
  });
});

describe('the applications export', () => {
  const exportPath = (query: string) => `/admin/applications/export?${query}`;

  it("lists the queue's filter with the columns ticked, a formula-like name as text, and the mean score", async () => {
    const course = encodeURIComponent(TITLE_A.slice(TITLE_A.indexOf('Report Course')));
    const rows = await csvRows(
      exportPath(`course=${course}&sort=reference&col=reference&col=university&col=name&col=reads&col=score`),
      fuzz.admin.cookie,
    );
    expect(rows[0]).toEqual(['Reference', 'University', 'Applicant name', 'Reads sent', 'Mean read score']);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      expect.stringContaining('Report University A'),
      expect.stringContaining('Report University A'),
    ]);
    expect(rows.slice(1).map((row) => row[2])).toContain("'=cmd|calc");
    expect(rows.slice(1).find((row) => row[3] === '2')?.[4]).toBe('75.5');
  });

  it('gives a counsellor only the applications of the universities they cover', async () => {
    const rows = await csvRows(
      exportPath(`course=${encodeURIComponent('Report University')}&col=university`),
      counsellor,
    );
    expect(rows.slice(1).every((row) => row[0]?.startsWith('Report University A'))).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
  });

  it('writes a workbook, asks for a column when none is ticked, and is for staff only', async () => {
    const xlsx = await get(exportPath('col=reference&format=xlsx'), fuzz.admin.cookie);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    expect(strFromU8(files['xl/workbook.xml'] ?? new Uint8Array())).toContain('name="Applications"');
    const none = await get(exportPath('col=nope'), fuzz.admin.cookie);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose at least one column');
    expect((await get(exportPath('col=reference'), applicantCookie)).status).toBe(404);
  });
});

describe('the weekly summary', () => {
  const post = (who: { cookie: string; csrf: string }, fields: Record<string, string>) =>
    fetch(new URL('/admin/notifications', fuzz.app.url), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: who.cookie,
        origin: new URL(fuzz.app.url).origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ csrf_token: who.csrf, ...fields }),
    });

  it('goes, once a week, to an administrator who ticks it on their notifications page', async () => {
    const email = `summary-admin-${Date.now()}@example.com`;
    const admin = await csrfFor(fuzz.app.url, await sessionCookies(fuzz.stack, email, 'admin'));
    const page = await (await get('/admin/notifications', admin.cookie)).text();
    expect(page).toContain('Send me the weekly summary');
    expect((await post(admin, { intent: 'save-summary', weekly_summary: 'yes' })).status).toBe(303);
    const service = fuzz.stack.db;
    const composed = await service.query<{ n: number }>('select public.compose_weekly_summaries() as n');
    expect(composed.rows[0]?.n).toBeGreaterThanOrEqual(1);
    const { rows } = await service.query<{ subject: string; body: string }>(
      'select subject, body from public.notification_outbox where recipient = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toMatch(/^Admissions this week: the \d{4} cycle as of /);
    expect(rows[0]?.body).toMatch(/Submitted: \d+ \(\d+ a week ago; \d+ on this date last year\)/);
    await service.query('select public.compose_weekly_summaries()');
    const again = await service.query('select 1 from public.notification_outbox where recipient = $1', [
      email,
    ]);
    expect(again.rows).toHaveLength(1);
    expect((await post(admin, { intent: 'save-summary' })).status).toBe(303);
    const off = await service.query<{ weekly_summary: boolean }>(
      `select s.weekly_summary from public.staff_notification_settings s join auth.users u on u.id = s.user_id
       where u.email = $1`,
      [email],
    );
    expect(off.rows[0]?.weekly_summary).toBe(false);
  });

  it('is not offered to a counsellor, whose post of it is refused', async () => {
    const office = await csrfFor(fuzz.app.url, counsellor);
    expect(await (await get('/admin/notifications', counsellor)).text()).not.toContain(
      'Send me the weekly summary',
    );
    expect((await post(office, { intent: 'save-summary', weekly_summary: 'yes' })).status).toBe(400);
  });
});
