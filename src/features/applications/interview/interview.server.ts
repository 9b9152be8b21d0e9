import { isUuid } from '../../../lib/uuid.ts';
import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { submittedFields } from '../../../lib/security/form-input.ts';
import { failure, success, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { signInPath } from '../../../lib/security/next-path.ts';
import { createSharedRateLimiter } from '../../../lib/security/shared-rate-limit.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

type Client = SupabaseClient<Database>;

/** One time an invited applicant may choose, or the one they booked. */
export interface InterviewTime {
  slotId: string;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
  location: string;
  online: boolean;
  seatsLeft: number;
  /** Whether it may still be booked, moved to or away from, or cancelled (before its cut-off). */
  open: boolean;
  closesAt: string;
}

export interface ApplicantInterview {
  bookingId: string | null;
  booked: InterviewTime | null;
  times: InterviewTime[];
}

/** The applicant's interview for one application: null when it was not invited (or is not theirs). */
export async function loadInterview(
  supabase: Client,
  applicationId: string,
): Promise<ApplicantInterview | null> {
  const { data, error } = await supabase.rpc('my_interview', { application_id: applicationId });
  if (error) {
    console.error('Reading the interview failed', error.message);
    return null;
  }
  const rows = data ?? [];
  if (rows.length === 0) {
    const { data: invited } = await supabase
      .from('interview_invitations')
      .select('application_id')
      .eq('application_id', applicationId)
      .maybeSingle();
    return invited ? { bookingId: null, booked: null, times: [] } : null;
  }
  const times = rows.map((row): InterviewTime => ({
    slotId: row.slot_id,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    timeZone: row.time_zone,
    location: row.location,
    online: row.online,
    seatsLeft: row.seats_left,
    open: row.bookable,
    closesAt: row.closes_at,
  }));
  const bookedSlot = rows[0]?.booked_slot ?? null;
  return {
    bookingId: rows[0]?.booking_id ?? null,
    booked: times.find((time) => time.slotId === bookedSlot) ?? null,
    times,
  };
}

/** Bookings, moves and cancellations one person may make in ten minutes. */
const limiter = createSharedRateLimiter({ bucket: 'interview-booking', limit: 20, windowMs: 10 * 60_000 });

function refusal(error: { code: string; message: string }): FormOutcome {
  if (error.code === 'P0001' || error.code === 'P0002') return failure(409, error.message);
  if (error.code === '42501') return failure(404, 'This interview is not yours.');
  return failure(502, 'The booking could not be saved. Please try again in a moment.');
}

const toasted = (outcome: FormOutcome, title: string): FormOutcome => ({
  ...outcome,
  toast: { title, message: outcome.message ?? '', kind: outcome.ok ? 'success' : 'error' },
});

/** The interview page's forms: book (or move to) a time, or cancel, and back to the page. */
export async function handleInterviewPost(astro: AstroGlobal, applicationId: string): Promise<Response> {
  const back = `/applications/${applicationId}/interview`;
  const { supabase, user } = astro.locals;
  if (!supabase || !user) return astro.redirect(signInPath(back), 303);
  const fields = await submittedFields(astro.request);
  if (!(await limiter.take(user.id)))
    return redirectAfter(
      astro,
      toasted(failure(429, 'Too many changes at once. Please wait a few minutes.'), 'Not saved'),
      back,
    );
  let outcome: FormOutcome;
  if (fields['intent'] === 'cancel') {
    if (fields['confirm'] !== 'yes') {
      outcome = failure(422, 'Tick the box to confirm that you are cancelling your interview.');
    } else {
      const { error } = await supabase.rpc('cancel_interview_booking', { application_id: applicationId });
      outcome = error
        ? refusal(error)
        : success({ message: 'Your interview is cancelled. You can book another time below.' });
    }
  } else if (fields['intent'] === 'book') {
    const slot = fields['slot_id'] ?? '';
    if (!isUuid(slot)) {
      outcome = failure(422, 'Choose one of the times offered.');
    } else {
      const { error } = await supabase.rpc('book_interview', {
        application_id: applicationId,
        slot_id: slot,
      });
      outcome = error
        ? refusal(error)
        : success({
            message: 'Your interview is booked. A confirmation with a calendar file is on its way by e-mail.',
          });
    }
  } else {
    outcome = failure(400, 'This form is not recognised. Refresh the page and try again.');
  }
  return redirectAfter(astro, toasted(outcome, outcome.ok ? 'Saved' : 'Not saved'), back);
}
