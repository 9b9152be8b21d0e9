import { formatMoment } from '../../../lib/format-day.ts';

/** How a lead is named in lists and headings; a WhatsApp click carries no name. */
export function leadTitle(lead: { name: string | null; email: string | null; created_at: string }): string {
  return lead.name ?? lead.email ?? `WhatsApp click, ${formatMoment(lead.created_at)}`;
}

const MONTHS = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2027-09" as "September 2027"; anything else as given. */
export function intakeMonth(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match ? MONTHS.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))) : value;
}

/** "bachelor" as "Bachelor", "field_of_interest" values as typed. */
export function capitalised(value: string | null): string | null {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : null;
}
