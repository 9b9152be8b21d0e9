import { isUuid } from '../../../lib/uuid.ts';
import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';
import { done, handleAdminPost, outcomeOfError } from '../../admin/admin-action.server.ts';
import type { AdminContext } from '../../admin/admin-context.server.ts';
import {
  loadReviewApplication,
  type ReviewApplication,
} from '../../admin/review/detail/detail-data.server.ts';
import { readCriteria, type Criterion } from './criteria.ts';
import { parseReadForm } from './read-form.ts';
import type { ReadFormState } from './read-page.server.ts';

type Client = SupabaseClient<Database>;
type BookingRow = Tables<'interview_bookings'>;
type SlotRow = Tables<'interview_slots'>;

export interface InterviewScorePage {
  booking: BookingRow;
  slot: SlotRow;
  application: ReviewApplication;
  sheet: { name: string; number: number; criteria: Criterion[] } | null;
  /** The interviewer, or an administrator, scores; anyone else reads. */
  mayScore: boolean;
  failed: ReadFormState | null;
  status: number;
}

async function sheetFor(supabase: Client, booking: BookingRow) {
  let versionId = booking.scoresheet_version_id;
  if (!versionId) {
    const { data } = await supabase.rpc('scoresheet_version_for', {
      application_id: booking.application_id,
      purpose: 'interview',
    });
    versionId = data?.id ?? null;
  }
  if (!versionId) return null;
  const { data } = await supabase
    .from('scoresheet_versions')
    .select('number, criteria, sheet:scoresheets(name)')
    .eq('id', versionId)
    .maybeSingle();
  if (!data) return null;
  const name = (data as unknown as { sheet: { name: string } | null }).sheet?.name ?? 'Interview scoresheet';
  return { name, number: data.number, criteria: readCriteria(data.criteria) };
}

/** /admin/interviews/{booking}: the interviewer scores the interview on the interview scoresheet. */
export async function loadInterviewScorePage(
  astro: AstroGlobal,
  ctx: AdminContext,
  bookingId: string,
): Promise<InterviewScorePage | Response> {
  if (!isUuid(bookingId)) return new Response(null, { status: 404 });
  const load = async () => {
    const { data: booking } = await ctx.supabase
      .from('interview_bookings')
      .select('*')
      .eq('id', bookingId)
      .maybeSingle();
    if (!booking) return null;
    const { data: slot } = await ctx.supabase
      .from('interview_slots')
      .select('*')
      .eq('id', booking.slot_id)
      .maybeSingle();
    return slot ? { booking, slot } : null;
  };
  let found = await load();
  if (!found) return new Response(null, { status: 404 });
  let sheet = await sheetFor(ctx.supabase, found.booking);
  let failed: ReadFormState | null = null;
  let status = 200;
  if (astro.request.method === 'POST') {
    const criteria = sheet?.criteria ?? [];
    const post = await handleAdminPost(astro, {
      'save-read': (fields) => score(ctx.supabase, bookingId, criteria, fields),
      'send-read': (fields) => score(ctx.supabase, bookingId, criteria, fields),
    });
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, `${astro.url.pathname}#scoresheet`);
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    status = post.outcome.status;
    failed = {
      intent: post.intent,
      values: echoValues(post.fields),
      message: post.outcome.message ?? 'The score could not be saved.',
      stale: post.outcome.data?.['stale'] === true,
    };
    found = (await load()) ?? found;
    sheet = await sheetFor(ctx.supabase, found.booking);
  }
  const application = await loadReviewApplication(ctx.supabase, found.booking.application_id);
  if (!application) return new Response(null, { status: 404 });
  return {
    ...found,
    application,
    sheet,
    mayScore: found.slot.interviewer_id === ctx.user.id || ctx.isAdmin,
    failed,
    status,
  };
}

async function score(
  supabase: Client,
  bookingId: string,
  criteria: readonly Criterion[],
  fields: Record<string, string>,
) {
  const parsed = parseReadForm(fields, criteria, 'interview score');
  if (!parsed.ok) return failure(422, parsed.message);
  const { scores, comments, recommendation, overallComment, version, send } = parsed.input;
  const { error } = await supabase.rpc('score_interview', {
    booking_id: bookingId,
    expected_version: version,
    scores,
    comments,
    recommendation: recommendation ?? '',
    notes: overallComment,
    send,
  });
  if (error) {
    const outcome = outcomeOfError(error);
    return error.code === 'PT409' ? { ...outcome, data: { stale: true } } : outcome;
  }
  return done(send ? 'Interview score sent.' : 'Draft saved. It is kept until you send it.');
}
