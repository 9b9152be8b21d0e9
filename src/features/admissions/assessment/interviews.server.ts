import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { nullableArg } from '../../../lib/supabase/rpc-args.ts';
import { done, handleAdminPost, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';
import type { AdminContext } from '../../admin/admin-context.server.ts';
import { loadStaffDirectory, staffEmails, type StaffMember } from '../../admin/staff-directory.server.ts';
import { intakeTitle } from './intake-title.server.ts';
import { parseSlotForm } from './slot-form.ts';

type Client = SupabaseClient<Database>;

export interface SlotBooking {
  id: string;
  applicationId: string;
  reference: string;
  applicantName: string;
  scoredAt: string | null;
  total: number | null;
}

export interface StaffSlot {
  id: string;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
  location: string;
  online: boolean;
  interviewer: string | null;
  interviewerId: string | null;
  seats: number;
  cutoffHours: number;
  bookings: SlotBooking[];
}

export interface InterviewsPageModel {
  intakeId: string;
  title: string;
  slots: StaffSlot[];
  invited: number;
  staff: StaffMember[];
  zones: readonly string[];
  failed: { values: Record<string, string>; message: string } | null;
  status: number;
}

/** Every IANA time zone the server knows, for the slot form; read once. */
const TIME_ZONES: readonly string[] = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
];

interface SlotRow {
  id: string;
  starts_at: string;
  duration_minutes: number;
  time_zone: string;
  location: string;
  online: boolean;
  interviewer_id: string | null;
  seats: number;
  cutoff_hours: number;
  bookings: {
    id: string;
    application_id: string;
    cancelled_at: string | null;
    scored_at: string | null;
    total: number | null;
    application: { reference: string | null; answers: { personal?: { full_name?: string } } | null } | null;
  }[];
}

async function loadSlots(supabase: Client, intakeId: string, emails: ReadonlyMap<string, string>) {
  const { data, error } = await supabase
    .from('interview_slots')
    .select(
      `id, starts_at, duration_minutes, time_zone, location, online, interviewer_id, seats, cutoff_hours,
       bookings:interview_bookings(id, application_id, cancelled_at, scored_at, total,
         application:interview_invitations(application:applications(reference, answers)))`,
    )
    .eq('intake_id', intakeId)
    .is('cancelled_at', null)
    .order('starts_at', { ascending: true })
    .limit(500);
  if (error) console.error('Reading the interview slots failed', error.message);
  return (
    (data ?? []) as unknown as Array<
      Omit<SlotRow, 'bookings'> & {
        bookings: Array<
          Omit<SlotRow['bookings'][number], 'application'> & {
            application: { application: SlotRow['bookings'][number]['application'] } | null;
          }
        >;
      }
    >
  ).map((row): StaffSlot => ({
    id: row.id,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    timeZone: row.time_zone,
    location: row.location,
    online: row.online,
    interviewerId: row.interviewer_id,
    interviewer: row.interviewer_id ? (emails.get(row.interviewer_id) ?? 'Former staff member') : null,
    seats: row.seats,
    cutoffHours: row.cutoff_hours,
    bookings: row.bookings
      .filter((booking) => booking.cancelled_at === null)
      .map((booking) => ({
        id: booking.id,
        applicationId: booking.application_id,
        reference: booking.application?.application?.reference ?? '',
        applicantName: booking.application?.application?.answers?.personal?.full_name ?? '',
        scoredAt: booking.scored_at,
        total: booking.total,
      })),
  }));
}

function interviewHandlers(supabase: Client, intakeId: string): Record<string, AdminHandler> {
  return {
    'add-slots': async (fields) => {
      const parsed = parseSlotForm(fields);
      if (!parsed.ok) return failure(422, parsed.message);
      const slot = parsed.value;
      const { data, error } = await supabase.rpc('create_interview_slots', {
        intake_id: intakeId,
        starts: slot.starts,
        duration_minutes: slot.duration,
        time_zone: slot.timeZone,
        location: slot.location,
        online: slot.online,
        interviewer: nullableArg(slot.interviewer),
        seats: slot.seats,
        cutoff_hours: slot.cutoff,
      });
      if (error) return outcomeOfError(error);
      return done(`${data} interview ${data === 1 ? 'time' : 'times'} added.`);
    },
  };
}

/** /admin-intake/{id}/interviews: the intake's interview times, who booked them, and adding times. */
export async function loadInterviewsPage(
  astro: AstroGlobal,
  ctx: AdminContext,
  intakeId: string,
): Promise<InterviewsPageModel | Response> {
  const title = await intakeTitle(ctx.supabase, intakeId);
  if (title === null) return new Response(null, { status: 404 });
  let failed: InterviewsPageModel['failed'] = null;
  let status = 200;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, interviewHandlers(ctx.supabase, intakeId));
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, astro.url.pathname);
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    status = post.outcome.status;
    failed = {
      values: echoValues(post.fields),
      message: post.outcome.message ?? 'The times could not be added.',
    };
  }
  const staff = await loadStaffDirectory(ctx.supabase);
  const [slots, invitations] = await Promise.all([
    loadSlots(ctx.supabase, intakeId, staffEmails(staff)),
    ctx.supabase
      .from('interview_invitations')
      .select('application_id, application:applications!inner(intake_id)', { count: 'exact', head: true })
      .eq('application.intake_id', intakeId),
  ]);
  return {
    intakeId,
    title,
    slots,
    invited: invitations.count ?? 0,
    staff: staff.filter((member) => member.roles.some((role) => role === 'admin' || role === 'counsellor')),
    zones: TIME_ZONES,
    failed,
    status,
  };
}

/** Invites the given applications to interview (from the ranking); answers the outcome to show. */
export async function inviteToInterview(supabase: Client, ids: readonly string[]) {
  if (ids.length === 0) return failure(422, 'Tick the applications to invite first.');
  const { data, error } = await supabase.rpc('invite_to_interview', { application_ids: [...ids] });
  if (error) return outcomeOfError(error);
  return done(
    data === 0
      ? 'Everyone ticked was already invited (or is no longer being assessed).'
      : `${data} ${data === 1 ? 'applicant' : 'applicants'} invited to interview; each is told by e-mail.`,
  );
}
