import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { COURSE, PASSWORD, pdfBytes, userClient } from '../applications/support.ts';
import { serviceClient } from './support.ts';

/** Helpers for the admissions-cycle journeys: intakes of their own, reviewed applications, staff clients. */

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export interface TestCourse {
  id: string;
  slug: string;
  title: string;
}

/** A published course other application tests do not use, so its intakes disturb nobody. */
export async function quietCourse(service: SupabaseClient, offset = 1): Promise<TestCourse> {
  const { data, error } = await service
    .from('courses')
    .select('id, slug, title')
    .eq('published', true)
    .neq('id', COURSE.id)
    .order('slug')
    .range(offset, offset)
    .single();
  if (error) throw new Error(`course failed: ${error.message}`);
  return data as TestCourse;
}

export interface TestIntake {
  id: string;
  term: string;
}

/** An intake of its own on `course`, open now with a deadline far ahead, named by a random term. */
export async function openIntake(
  service: SupabaseClient,
  course: TestCourse,
  options: { capacity: number | null; releaseMode: 'rolling' | 'batch'; overOffer?: number },
): Promise<TestIntake> {
  const term = `E2E ${hex(3)} 2031`;
  const { data, error } = await service
    .from('intakes')
    .insert({
      course_id: course.id,
      term,
      opens_at: '2026-01-01',
      deadline: '2031-06-30',
      reply_by: '2031-07-31',
      start_date: '2031-09-15',
      capacity: options.capacity,
      over_offer: options.overOffer ?? 0,
      release_mode: options.releaseMode,
      status: 'open',
    })
    .select('id')
    .single();
  if (error) throw new Error(`intake failed: ${error.message}`);
  return { id: (data as { id: string }).id, term };
}

/** A signed-in member of staff made with the service key, with their e-mail for the mailbox. */
export async function staffMember(
  role: 'admin' | 'counsellor',
): Promise<{ client: SupabaseClient; email: string; id: string }> {
  const service = await serviceClient();
  const email = `${role}-${hex(4)}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const granted = await service.from('user_roles').insert({ user_id: created.data.user.id, role });
  if (granted.error) throw new Error(`role failed: ${granted.error.message}`);
  return { client: await userClient(email), email, id: created.data.user.id };
}

export interface ReviewedApplication {
  id: string;
  reference: string;
  name: string;
  email: string;
}

async function requiredKinds(service: SupabaseClient, courseId: string): Promise<string[]> {
  const own = await service
    .from('document_requirements')
    .select('kind')
    .eq('course_id', courseId)
    .eq('required', true);
  const rows = (own.data ?? []) as { kind: string }[];
  if (rows.length > 0) return rows.map((row) => row.kind);
  const defaults = await service
    .from('document_requirements')
    .select('kind')
    .is('course_id', null)
    .eq('required', true);
  return ((defaults.data ?? []) as { kind: string }[]).map((row) => row.kind);
}

async function versionOf(service: SupabaseClient, id: string): Promise<number> {
  const { data } = await service.from('applications').select('version').eq('id', id).single();
  return (data as { version: number }).version;
}

/**
 * A submitted application on `intake` with every required document uploaded, which `staff` then
 * moves to review and whose documents they verify, as a reviewer does: ready for a decision.
 */
export async function reviewedApplication(
  service: SupabaseClient,
  staff: SupabaseClient,
  course: TestCourse,
  intake: TestIntake,
  name: string,
): Promise<ReviewedApplication> {
  const email = `applicant-${hex(4)}@example.com`;
  const user = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (!user.data.user) throw new Error(`createUser failed: ${user.error?.message}`);
  const applicantId = user.data.user.id;
  const reference = `UP-2031-${hex(3).toUpperCase()}`;
  const app = await service
    .from('applications')
    .insert({
      applicant_id: applicantId,
      course_id: course.id,
      intake_id: intake.id,
      status: 'submitted',
      reference,
      submitted_at: new Date().toISOString(),
      answers: { personal: { full_name: name } },
    })
    .select('id')
    .single();
  if (app.error) throw new Error(`application failed: ${app.error.message}`);
  const id = (app.data as { id: string }).id;
  const moved = await staff.rpc('transition_application', {
    application_id: id,
    to_status: 'under_review',
    expected_version: await versionOf(service, id),
  });
  if (moved.error) throw new Error(`review failed: ${moved.error.message}`);
  for (const kind of await requiredKinds(service, course.id)) {
    const path = `${applicantId}/${id}/${crypto.randomUUID()}-${kind}.pdf`;
    const upload = await service.storage
      .from('application-documents')
      .upload(path, pdfBytes(kind), { contentType: 'application/pdf' });
    if (upload.error) throw new Error(`upload failed: ${upload.error.message}`);
    const doc = await service
      .from('application_documents')
      .insert({
        application_id: id,
        kind,
        storage_path: path,
        file_name: `${kind}.pdf`,
        size_bytes: 64,
        content_type: 'application/pdf',
      })
      .select('id')
      .single();
    if (doc.error) throw new Error(`document failed: ${doc.error.message}`);
    const verified = await staff.rpc('review_document', {
      document_id: (doc.data as { id: string }).id,
      status: 'verified',
      expected_version: await versionOf(service, id),
    });
    if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  }
  return { id, reference, name, email };
}

/** A decision made by `staff` on the application as it stands now; returns the decision row. */
export async function decide(
  service: SupabaseClient,
  staff: SupabaseClient,
  applicationId: string,
  outcome: string,
  options: { release?: boolean; conditions?: string; reasonId?: string } = {},
): Promise<{ id: string; state: string }> {
  const { data, error } = await staff.rpc('decide_application', {
    application_id: applicationId,
    expected_version: await versionOf(service, applicationId),
    outcome,
    conditions: options.conditions ?? null,
    reason_id: options.reasonId ?? null,
    release: options.release ?? false,
  });
  if (error) throw new Error(`decision failed: ${error.message}`);
  return data as { id: string; state: string };
}

/** An administrator approves a recommendation (and releases it when the intake allows). */
export async function approve(
  service: SupabaseClient,
  admin: SupabaseClient,
  decisionId: string,
  applicationId: string,
): Promise<void> {
  const { error } = await admin.rpc('approve_decision', {
    decision_id: decisionId,
    expected_version: await versionOf(service, applicationId),
  });
  if (error) throw new Error(`approval failed: ${error.message}`);
}

/** Drops an intake and its applications, so the catalogue is left as the seed made it. */
export async function removeIntake(service: SupabaseClient, intakeId: string): Promise<void> {
  await service.from('place_alerts').delete().eq('intake_id', intakeId);
  const apps = await service.from('applications').delete().eq('intake_id', intakeId);
  const intake = await service.from('intakes').delete().eq('id', intakeId);
  const error = apps.error ?? intake.error;
  if (error) throw new Error(`cleanup failed: ${error.message}`);
}

/** A figure of the intake page's places summary, by its label. */
export const fact = (page: Page, label: string) =>
  page
    .getByTestId('places-summary')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
