import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor } from '../../helpers/stack.ts';

export const BUCKET = 'application-documents';

export interface Person {
  id: string;
  client: SupabaseClient;
  /** The app server's service-role client, which alone writes files (after checking their bytes). */
  writer: SupabaseClient;
}

/** A confirmed user made through the auth admin API, signed in, optionally holding staff roles. */
export async function person(stack: RunningStack, roles: string[] = []): Promise<Person> {
  const email = `${randomUUID().slice(0, 8)}@example.test`;
  const password = 'a-long-test-passphrase-42';
  const created = await clientFor(stack, stack.serviceRoleKey).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  for (const role of roles)
    await stack.db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [
      created.data.user.id,
      role,
    ]);
  const client = clientFor(stack);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { id: created.data.user.id, client, writer: clientFor(stack, stack.serviceRoleKey) };
}

export interface IntakeOptions {
  deadlineDays?: number;
  opensDays?: number;
  capacity?: number | null;
  status?: string;
}

/**
 * A published course of its own requiring a passport and a transcript (a CV optional), and an
 * intake on it; dates are relative to today so the test never goes stale.
 */
export async function course(stack: RunningStack): Promise<string> {
  const slug = `test-course-${randomUUID().slice(0, 8)}`;
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
       tuition_currency, published)
     select $1, u.id, 'Applied Testing', 'bachelor', 'Computer Science', 36, 9000, 'GBP', true
     from public.universities u where u.published order by u.slug limit 1
     returning id`,
    [slug],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no published university in the seed');
  await stack.db.query(
    `insert into public.document_requirements (course_id, kind, required, max_size_bytes) values
       ($1, 'passport', true, 5242880), ($1, 'transcript', true, 10485760), ($1, 'cv', false, 2097152)`,
    [id],
  );
  return id;
}

export async function intake(stack: RunningStack, courseId: string, options: IntakeOptions = {}) {
  const { deadlineDays = 30, opensDays = -10, capacity = null, status = 'open' } = options;
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.intakes (course_id, term, start_date, opens_at, deadline, reply_by, capacity, status)
     values ($1, $2, current_date + 200, current_date + $3::int, current_date + $4::int,
       current_date + greatest($4::int, 0) + 60, $5, $6)
     returning id`,
    [
      courseId,
      `Term ${randomUUID().slice(0, 8)}`,
      Math.min(opensDays, deadlineDays),
      deadlineDays,
      capacity,
      status,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('intake not created');
  return id;
}

export function completeAnswers(): Record<string, unknown> {
  return {
    personal: { full_name: 'Amara Okafor', date_of_birth: '2004-03-14', nationality: 'NG' },
    academic: [{ institution: 'Kings Crest Secondary School', qualification: 'WAEC', end_year: 2022 }],
    english_test: { test: 'ielts', score: 7, taken_on: '2026-06-20' },
    statement: 'I want to study computer science because '.repeat(10),
  };
}

export const pdfBytes = () =>
  new Blob(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'], { type: 'application/pdf' });

/**
 * Stores a real PDF in the applicant's folder, as the app server does once it has checked the
 * bytes, and records it with the applicant's token as a document of the given kind.
 */
export async function attach(who: Person, applicationId: string, kind: string) {
  const path = `${who.id}/${applicationId}/${randomUUID()}-${kind}.pdf`;
  const uploaded = await who.writer.storage.from(BUCKET).upload(path, pdfBytes(), {
    contentType: 'application/pdf',
  });
  if (uploaded.error) throw uploaded.error;
  const row = await who.client
    .from('application_documents')
    .insert({
      application_id: applicationId,
      kind,
      storage_path: path,
      file_name: `${kind}.pdf`,
      size_bytes: 1,
      content_type: 'application/pdf',
    })
    .select()
    .single();
  if (row.error) throw row.error;
  return row.data as { id: string; storage_path: string; size_bytes: number; status: string };
}

export async function draft(who: Person, courseId: string, intakeId: string, answers = completeAnswers()) {
  const { data, error } = await who.client
    .from('applications')
    .insert({ course_id: courseId, intake_id: intakeId, answers })
    .select()
    .single();
  if (error) throw error;
  return data as { id: string; status: string };
}

/** A draft with every answer and required document, ready to submit. */
export async function readyDraft(who: Person, courseId: string, intakeId: string) {
  const app = await draft(who, courseId, intakeId);
  await attach(who, app.id, 'passport');
  await attach(who, app.id, 'transcript');
  return app;
}

export async function submitted(who: Person, courseId: string, intakeId: string) {
  const app = await readyDraft(who, courseId, intakeId);
  const { error } = await who.client.rpc('submit_application', { application_id: app.id });
  if (error) throw error;
  return app;
}

/** The version of an application as the caller reads it, which every staff change must name. */
export async function versionOf(who: Person, applicationId: string): Promise<number> {
  const { data, error } = await who.client
    .from('applications')
    .select('version')
    .eq('id', applicationId)
    .single();
  if (error) throw error;
  return (data as { version: number }).version;
}

/** A process move by staff (review, a request for action, enrolment) on the current version. */
export async function move(staff: Person, applicationId: string, toStatus: string, note?: string) {
  return staff.client.rpc('transition_application', {
    application_id: applicationId,
    to_status: toStatus,
    expected_version: await versionOf(staff, applicationId),
    ...(note ? { note } : {}),
  });
}

/** Staff verify every document of the application, as the documents gate for offers needs. */
export async function verifyDocuments(staff: Person, applicationId: string): Promise<void> {
  const { data } = await staff.client
    .from('application_documents')
    .select('id')
    .eq('application_id', applicationId);
  for (const { id } of (data ?? []) as { id: string }[]) {
    const { error } = await staff.client.rpc('review_document', {
      document_id: id,
      status: 'verified',
      expected_version: await versionOf(staff, applicationId),
    });
    if (error) throw error;
  }
}

/** The first active reason staff can give for a negative outcome. */
export async function reasonFor(staff: Person, outcome: string): Promise<string> {
  const { data, error } = await staff.client
    .from('decision_reasons')
    .select('id')
    .eq('outcome', outcome)
    .eq('active', true)
    .order('position')
    .limit(1)
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/** A decision by staff on the current version; `release` sends it at once where allowed. */
export async function decide(
  staff: Person,
  applicationId: string,
  outcome: string,
  extra: Record<string, unknown> = {},
) {
  return staff.client.rpc('decide_application', {
    application_id: applicationId,
    expected_version: await versionOf(staff, applicationId),
    outcome,
    ...extra,
  });
}
