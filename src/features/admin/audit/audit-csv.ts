import { csvLine } from '../../../lib/csv.ts';
import { auditChanges, changeLine } from './audit-changes.ts';
import { actorName, describeEntry, type AuditEntry } from './audit-entry.ts';

/** The export's header: one column per part of an entry as the log shows it. */
export const AUDIT_CSV_HEADER = csvLine([
  'When (UTC)',
  'Who',
  'E-mail',
  'Action',
  'Record type',
  'Record',
  'Summary',
  'Changes',
  'Entry',
]);

/** An entry as one CSV record, named as on screen; cells a spreadsheet would run as formulas are defused. */
export function auditCsvLine(entry: AuditEntry): string {
  const what = describeEntry(entry);
  return csvLine([
    entry.createdAt,
    actorName(entry),
    entry.actorEmail,
    what.verb,
    what.entityType,
    what.label,
    what.summary,
    auditChanges(entry).map(changeLine).join('; '),
    entry.id,
  ]);
}
