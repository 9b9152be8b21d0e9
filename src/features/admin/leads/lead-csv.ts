import { toCsv, type CsvValue } from '../../../lib/csv.ts';
import type { Lead } from './leads.server.ts';

/** The export's columns, in order: every field of a lead, the course by name and the assignee by e-mail. */
const COLUMNS: readonly [string, (lead: Lead, assignee: string) => CsvValue][] = [
  ['Received', (lead) => lead.created_at],
  ['Updated', (lead) => lead.updated_at],
  ['Status', (lead) => lead.status],
  ['Source', (lead) => lead.source],
  ['Name', (lead) => lead.name],
  ['E-mail', (lead) => lead.email],
  ['Phone', (lead) => lead.phone],
  ['Country', (lead) => lead.country],
  ['Level of interest', (lead) => lead.level_of_interest],
  ['Field of interest', (lead) => lead.field_of_interest],
  ['Preferred intake', (lead) => lead.preferred_intake],
  ['Course', (lead) => (lead.course ? `${lead.course.title}, ${lead.course.university_name}` : null)],
  ['Message', (lead) => lead.message],
  ['E-mail consent', (lead) => lead.consent_email],
  ['Phone consent', (lead) => lead.consent_phone],
  ['WhatsApp consent', (lead) => lead.consent_whatsapp],
  ['Page', (lead) => lead.page_path],
  ['Referrer', (lead) => lead.referrer],
  ['UTM source', (lead) => lead.utm_source],
  ['UTM medium', (lead) => lead.utm_medium],
  ['UTM campaign', (lead) => lead.utm_campaign],
  ['UTM term', (lead) => lead.utm_term],
  ['UTM content', (lead) => lead.utm_content],
  ['Submissions', (lead) => lead.submit_count],
  ['Assignee', (_lead, assignee) => assignee],
  ['Notes', (lead) => lead.notes],
  ['Lead id', (lead) => lead.id],
];

/** The leads as a CSV document; `emails` names assignees by their staff id. */
export function leadsCsv(leads: readonly Lead[], emails: ReadonlyMap<string, string>): string {
  return toCsv(
    COLUMNS.map(([title]) => title),
    leads.map((lead) => {
      const assignee = lead.assignee ? (emails.get(lead.assignee) ?? lead.assignee) : '';
      return COLUMNS.map(([, cell]) => cell(lead, assignee));
    }),
  );
}
