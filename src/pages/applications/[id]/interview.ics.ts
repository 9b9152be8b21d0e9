import { isUuid } from '../../../lib/uuid.ts';
import type { APIRoute } from 'astro';
import { loadApplication } from '../../../features/applications/application-list.server.ts';
import { interviewCalendar } from '../../../features/applications/interview/calendar.ts';
import { loadInterview } from '../../../features/applications/interview/interview.server.ts';

export const prerender = false;

/** The applicant's booked interview as a calendar file; 404 when nothing is booked or it is not theirs. */
export const GET: APIRoute = async ({ params, locals, url }) => {
  const { user, supabase } = locals;
  const id = params['id'] ?? '';
  if (!user || !supabase || !isUuid(id)) return new Response(null, { status: 404 });
  const [application, interview] = await Promise.all([
    loadApplication(supabase, id),
    loadInterview(supabase, id),
  ]);
  const booked = interview?.booked;
  if (!application || !interview?.bookingId || !booked) return new Response(null, { status: 404 });
  const calendar = interviewCalendar({
    bookingId: interview.bookingId,
    startsAt: booked.startsAt,
    durationMinutes: booked.durationMinutes,
    location: booked.location,
    online: booked.online,
    course: application.course?.title ?? 'your course',
    reference: application.reference ?? '',
    pageUrl: new URL(`/applications/${id}/interview`, url).toString(),
  });
  if (!calendar) return new Response(null, { status: 404 });
  return new Response(calendar, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="interview-${application.reference ?? 'unipath'}.ics"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};
