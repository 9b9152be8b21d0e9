import { randomBytes } from 'node:crypto';
import { createServerClient } from '@supabase/ssr';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from '@playwright/test';
import { stackKeys } from '../stack-keys.ts';
import { hydrated } from '../islands.ts';

export { hydrated };

/** The stack the e2e server started (tests/e2e/server.ts). */
export const STACK_URL = `http://127.0.0.1:${process.env['E2E_SUPABASE_PORT'] ?? 54399}`;
export const PASSWORD = 'applicant password 2026';

/** A seeded course with open intakes and the default document checklist. */
export const COURSE = {
  id: '7b6785cb-5fe2-45b1-9253-f6a90e4316e6',
  slug: 'ashcombe-university-international-foundation-year-in-architecture',
  title: 'International Foundation Year in Architecture',
};

export async function serviceClient(stackUrl = STACK_URL): Promise<SupabaseClient> {
  const { serviceRoleKey } = await stackKeys(stackUrl);
  return createClient(stackUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** Signs the browser context in by writing the session cookies the app's own SSR client would write. */
export async function signInWithCookies(
  context: BrowserContext,
  baseURL: string,
  email: string,
  stackUrl = STACK_URL,
): Promise<void> {
  const { anonKey } = await stackKeys(stackUrl);
  const jar: { name: string; value: string }[] = [];
  const ssr = createServerClient(stackUrl, anonKey, {
    cookies: {
      getAll: () => jar,
      setAll: (cookies: { name: string; value: string }[]) => {
        jar.push(...cookies.map(({ name, value }) => ({ name, value })));
      },
    },
  });
  const { error } = await ssr.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  await context.addCookies(
    jar.map(({ name, value }) => ({ name, value, url: baseURL, sameSite: 'Lax' as const })),
  );
}

/** A new confirmed applicant made through the admin API, already signed in, so each test starts where it is about. */
export async function signInNewApplicant(
  context: BrowserContext,
  baseURL: string,
): Promise<{ email: string; id: string }> {
  const admin = await serviceClient();
  const email = `applicant-${randomBytes(4).toString('hex')}@example.com`;
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  await signInWithCookies(context, baseURL, email);
  return { email, id: created.data.user.id };
}

export const pdfBytes = (label: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\n% ${label}\ntrailer<<>>\n%%EOF\n`);
export const pngBytes = () =>
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

export const STATEMENT = 'I want to study architecture because buildings shape how people live together. '
  .repeat(5)
  .trim();

/** Fills personal details, academic history and the English test with valid answers. */
export async function completeFirstSteps(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Amara Okafor');
  await page.getByLabel('Date of birth').fill('2004-03-14');
  await page.getByLabel('Nationality').selectOption('NG');
  await page.getByLabel('Phone number').fill('+234 803 555 0101');
  await page.getByLabel('Address').fill('4 Marina Road');
  await page.getByLabel('City').fill('Lagos');
  await page.getByLabel('Country you live in').selectOption('NG');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('School or university').fill('Kings College Lagos');
  await page.getByLabel('Qualification', { exact: true }).fill('WAEC');
  await page.getByLabel('Start year').fill('2017');
  await page.getByLabel('End year (or expected)').fill('2023');
  await page.getByLabel('Grade (or expected)').fill('A1 average');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('Test', { exact: true }).selectOption('ielts');
  await page.getByLabel('Overall score').fill('7');
  await page.getByLabel('Date taken').fill('2025-05-01');
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/** Opens the applicant's draft in the wizard, once it can be used, at its review step. */
export async function openReviewStep(page: Page, draftId: string): Promise<void> {
  await page.goto(`/admission-application?draft=${draftId}`);
  await hydrated(page);
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('button', { name: /Review and submit/ })
    .click();
}

export async function userClient(email: string, stackUrl = STACK_URL): Promise<SupabaseClient> {
  const { anonKey } = await stackKeys(stackUrl);
  const client = createClient(stackUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

const ANSWERS = {
  personal: { full_name: 'Amara Okafor', date_of_birth: '2004-03-14', nationality: 'NG' },
  academic: [
    { institution: 'Kings College Lagos', qualification: 'WAEC', start_year: '2017', end_year: '2023' },
  ],
  english_test: { test: 'ielts', score: '7', taken_on: '2025-05-01' },
  statement: STATEMENT,
};

/** A submitted application made through the API as the applicant, for tests about what follows. */
export async function submitThroughApi(
  email: string,
  userId: string,
  stackUrl = STACK_URL,
  intakeId?: string,
): Promise<{ id: string; documents: Record<string, string> }> {
  const client = await userClient(email, stackUrl);
  const app = await draftThroughApi(
    client,
    userId,
    stackUrl,
    intakeId ?? (await openIntakes(client))[0]?.id ?? '',
  );
  const submitted = await client.rpc('submit_application', { application_id: app.id });
  if (submitted.error) throw new Error(`submit failed: ${submitted.error.message}`);
  return app;
}

/** The open intakes of COURSE that take applications today, earliest first, as the wizard lists them. */
export async function openIntakes(client: SupabaseClient): Promise<{ id: string; term: string }[]> {
  const today = new Date().toISOString().slice(0, 10);
  const { data } = await client
    .from('intakes')
    .select('id, term, opens_at')
    .eq('course_id', COURSE.id)
    .eq('status', 'open')
    .gte('deadline', today)
    .order('start_date');
  return ((data ?? []) as { id: string; term: string; opens_at: string | null }[]).filter(
    (intake) => !intake.opens_at || intake.opens_at <= today,
  );
}

/** A complete draft on one intake of COURSE, with its required documents, made as the applicant. */
export async function draftThroughApi(
  client: SupabaseClient,
  userId: string,
  stackUrl: string,
  intakeId: string,
  courseId = COURSE.id,
): Promise<{ id: string; documents: Record<string, string> }> {
  const { data: app, error } = await client
    .from('applications')
    .insert({ course_id: courseId, intake_id: intakeId, answers: ANSWERS })
    .select('id')
    .single();
  if (error || !app) throw new Error(`draft failed: ${error?.message}`);
  const { data: rules } = await client
    .from('document_requirements')
    .select('kind')
    .eq('course_id', courseId)
    .eq('required', true);
  const documents: Record<string, string> = {};
  // Files are written as the app server writes them (service role); the rows with the applicant's token.
  const writer = await serviceClient(stackUrl);
  for (const { kind } of (rules ?? []) as { kind: string }[]) {
    const path = `${userId}/${app.id}/${crypto.randomUUID()}-${kind}.pdf`;
    const upload = await writer.storage
      .from('application-documents')
      .upload(path, pdfBytes(kind), { contentType: 'application/pdf' });
    if (upload.error) throw new Error(`upload failed: ${upload.error.message}`);
    const row = await client
      .from('application_documents')
      .insert({
        application_id: app.id,
        kind,
        storage_path: path,
        file_name: `${kind}.pdf`,
        size_bytes: 1,
        content_type: 'application/pdf',
      })
      .select('id')
      .single();
    if (row.error) throw new Error(`document failed: ${row.error.message}`);
    documents[kind] = (row.data as { id: string }).id;
  }
  return { id: app.id as string, documents };
}

/** A signed-in admissions administrator, for moving applications on as staff do. */
export async function staffClient(): Promise<SupabaseClient> {
  const admin = await serviceClient();
  const email = `staff-${randomBytes(4).toString('hex')}@example.com`;
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const role = await admin.from('user_roles').insert({ user_id: created.data.user.id, role: 'admin' });
  if (role.error) throw new Error(`role failed: ${role.error.message}`);
  return userClient(email);
}

/** The application's version as staff read it, for the functions that take the version they saw. */
export async function versionOf(staff: SupabaseClient, id: string): Promise<number> {
  const { data, error } = await staff.from('applications').select('version').eq('id', id).single();
  if (error || !data) throw new Error(`version failed: ${error?.message}`);
  return (data as { version: number }).version;
}

/** Staff move a submitted application to review and verify its documents (but those named), as the review screen does. */
export async function reviewAndVerify(
  staff: SupabaseClient,
  id: string,
  except: string[] = [],
): Promise<void> {
  const { data: app } = await staff.from('applications').select('status').eq('id', id).single();
  if ((app as { status: string } | null)?.status === 'submitted') {
    const moved = await staff.rpc('transition_application', {
      application_id: id,
      to_status: 'under_review',
      expected_version: await versionOf(staff, id),
    });
    if (moved.error) throw new Error(`review failed: ${moved.error.message}`);
  }
  const { data: documents } = await staff
    .from('application_documents')
    .select('id, status')
    .eq('application_id', id);
  for (const document of (documents ?? []) as { id: string; status: string }[]) {
    if (document.status === 'verified' || except.includes(document.id)) continue;
    const verified = await staff.rpc('review_document', {
      document_id: document.id,
      status: 'verified',
      expected_version: await versionOf(staff, id),
    });
    if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  }
}

/** The active reason of an outcome at a position of the administrators' list. */
export async function reasonFor(
  staff: SupabaseClient,
  outcome: string,
): Promise<{ id: string; wording: string }> {
  const { data } = await staff
    .from('decision_reasons')
    .select('id, public_wording')
    .eq('outcome', outcome)
    .eq('active', true)
    .order('position')
    .limit(1)
    .single();
  const row = data as { id: string; public_wording: string } | null;
  if (!row) throw new Error(`no reason for ${outcome}`);
  return { id: row.id, wording: row.public_wording };
}

/** An administrator's decision, released at once where the intake allows it (the default intakes are rolling). */
export async function decide(
  staff: SupabaseClient,
  id: string,
  outcome: string,
  extra: { conditions?: string; reason_id?: string; reason_detail?: string; release?: boolean } = {},
): Promise<{ id: string; state: string }> {
  const { data, error } = await staff.rpc('decide_application', {
    application_id: id,
    expected_version: await versionOf(staff, id),
    outcome,
    release: true,
    ...extra,
  });
  if (error || !data) throw new Error(`decision failed: ${error?.message}`);
  return data as { id: string; state: string };
}
