/** A moment as one time zone reads it: "Tuesday, 12 January 2027 at 14:00". Unknown zones read as UTC. */
export function wallClock(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
    }).format(date);
  try {
    return format(timeZone);
  } catch {
    return `${format('UTC')} UTC`;
  }
}
