import { createEvent } from 'ics';

export interface CalendarInterview {
  bookingId: string;
  startsAt: string;
  durationMinutes: number;
  location: string;
  online: boolean;
  course: string;
  reference: string;
  pageUrl: string;
}

/**
 * The booked interview as an iCalendar file (RFC 5545) for the applicant's calendar: in UTC, so
 * every calendar shows it in its own zone; the booking's id keeps a moved interview one event.
 */
export function interviewCalendar(interview: CalendarInterview): string | null {
  const start = new Date(interview.startsAt).getTime();
  if (Number.isNaN(start)) return null;
  const { error, value } = createEvent({
    uid: `interview-${interview.bookingId}@unipath`,
    productId: 'unipath/interviews',
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: interview.durationMinutes },
    title: `Interview: ${interview.course} (${interview.reference})`,
    description: `Your admissions interview for application ${interview.reference}. Details, and to move or cancel it: ${interview.pageUrl}`,
    location: interview.location,
    ...(interview.online ? { url: interview.location } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  return error ? null : value;
}
