// Made once: building a formatter costs far more than formatting with it, and pages format many dates.
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** "21 Jan 2027" for ISO dates and timestamps, read in UTC so server and browser render the same day. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return DAY.format(date);
}

/** "21 Jan 2027, 14:32 UTC" for a moment that matters later, such as a submission. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDay(value)}, ${TIME.format(date)} UTC`;
}
