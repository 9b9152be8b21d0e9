import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { COURSE, serviceClient } from '../applications/support.ts';

/** Helpers for the money journeys: courses and intakes of their own, so that fees touch no other test. */

const tag = () => randomBytes(3).toString('hex');

/** An open intake of `courseId` charging its own application fee (minor units). */
export async function feeIntake(
  courseId: string,
  feeMinor: number | null,
  currency = 'GBP',
): Promise<string> {
  const service = await serviceClient();
  const { data, error } = await service
    .from('intakes')
    .insert({
      course_id: courseId,
      term: `E2E fees ${tag()} 2032`,
      opens_at: '2026-01-01',
      deadline: '2032-06-30',
      start_date: '2032-09-15',
      status: 'open',
      ...(feeMinor === null ? {} : { application_fee_minor: feeMinor, application_fee_currency: currency }),
    })
    .select('id')
    .single();
  if (error) throw new Error(`intake failed: ${error.message}`);
  return (data as { id: string }).id;
}

/**
 * A published course of COURSE's university asking a deposit, with COURSE's document checklist and one
 * open intake with one place.
 */
export async function depositCourse(
  depositMinor: number,
  days: number,
): Promise<{ courseId: string; intakeId: string; title: string }> {
  const service = await serviceClient();
  const { data: base } = await service
    .from('courses')
    .select('university_id, level, field')
    .eq('id', COURSE.id)
    .single();
  const origin = base as { university_id: string; level: string; field: string };
  const title = `Deposit Studies ${tag()}`;
  const { data, error } = await service
    .from('courses')
    .insert({
      slug: title.toLowerCase().replaceAll(' ', '-'),
      university_id: origin.university_id,
      title,
      level: origin.level,
      field: origin.field,
      duration_months: 12,
      tuition_amount: 12000,
      tuition_currency: 'GBP',
      published: true,
      deposit_minor: depositMinor,
      deposit_currency: 'GBP',
      deposit_days: days,
    })
    .select('id')
    .single();
  if (error) throw new Error(`course failed: ${error.message}`);
  const courseId = (data as { id: string }).id;
  const { data: rules } = await service
    .from('document_requirements')
    .select('kind, description, required')
    .eq('course_id', COURSE.id);
  if (rules?.length) {
    const copied = await service
      .from('document_requirements')
      .insert((rules as { kind: string }[]).map((rule) => ({ ...rule, course_id: courseId })));
    if (copied.error) throw new Error(`requirements failed: ${copied.error.message}`);
  }
  const { data: intake, error: intakeError } = await service
    .from('intakes')
    .insert({
      course_id: courseId,
      term: `E2E deposit ${tag()} 2032`,
      opens_at: '2026-01-01',
      deadline: '2032-06-30',
      start_date: '2032-09-15',
      status: 'open',
      capacity: 1,
    })
    .select('id')
    .single();
  if (intakeError) throw new Error(`intake failed: ${intakeError.message}`);
  return { courseId, intakeId: (intake as { id: string }).id, title };
}

/** The applicant's invoices of one kind, as the service role reads them. */
export async function invoicesOf(service: SupabaseClient, applicantId: string, kind: string) {
  const { data, error } = await service
    .from('invoice_summaries')
    .select('id, reference, state, outstanding_minor, amount_minor, due_on, group_id, application_id')
    .eq('applicant_id', applicantId)
    .eq('kind', kind);
  if (error) throw new Error(`invoices failed: ${error.message}`);
  return (data ?? []) as {
    id: string;
    reference: string;
    state: string;
    outstanding_minor: number;
    amount_minor: number;
    due_on: string;
    group_id: string;
    application_id: string | null;
  }[];
}
