import { ENTITY_LABELS, isAuditEntity } from './audit-query.ts';

/** One entry of the log as audit_entries() labels it: people, applications and records by name. */
export interface AuditEntry {
  id: number;
  /** The acting person's name (their e-mail when they have none), or null for the system. */
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** The record in words: "UP-2027-AB12CD", "Decision on UP-2027-AB12CD", a course by name. */
  entityLabel: string | null;
  /** The application the entry is about, when there is one. */
  applicationId: string | null;
  /** The values recorded, ids of people and records replaced by their names. */
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface EntryDescription {
  /** "Granted", "Changed"… */
  verb: string;
  /** The kind of record: "Application", "Staff role"… */
  entityType: string;
  /** The record itself, in words. */
  label: string;
  /** What happened in a sentence, for the changes staff look for most: "Assigned to Priya Nair". */
  summary?: string;
  /** The application the entry is about, to open. */
  href?: string;
}

const VERBS: Record<string, string> = { insert: 'Created', update: 'Changed', delete: 'Deleted' };
const ROLE_VERBS: Record<string, string> = { insert: 'Granted', update: 'Changed', delete: 'Revoked' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASSIGNEE_KEYS = ['assigned_to', 'assignee'];

const valuesOf = (side: unknown): Record<string, unknown> =>
  typeof side === 'object' && side !== null && !Array.isArray(side) ? (side as Record<string, unknown>) : {};

/** "Assigned to Priya Nair" or "Unassigned (was Priya Nair)" for an update that changed the reviewer or assignee. */
function assignmentSummary(entry: AuditEntry): string | undefined {
  if (entry.action !== 'update') return undefined;
  const after = valuesOf(entry.after);
  const key = ASSIGNEE_KEYS.find((name) => name in after);
  if (!key) return undefined;
  const now = after[key];
  if (typeof now === 'string' && now) return `Assigned to ${now}`;
  const was = valuesOf(entry.before)[key];
  return typeof was === 'string' && was ? `Unassigned (was ${was})` : 'Unassigned';
}

/** What an entry did in words, with a link to the application for application records. */
export function describeEntry(entry: AuditEntry): EntryDescription {
  const verbs = entry.entity === 'user_roles' ? ROLE_VERBS : VERBS;
  const summary = assignmentSummary(entry);
  return {
    verb: verbs[entry.action] ?? entry.action,
    entityType: isAuditEntity(entry.entity) ? ENTITY_LABELS[entry.entity] : entry.entity.replace(/_/g, ' '),
    label: entry.entityLabel ?? 'a record',
    ...(summary ? { summary } : {}),
    ...(entry.applicationId && UUID.test(entry.applicationId)
      ? { href: `/admin/applications/${entry.applicationId}` }
      : {}),
  };
}

/**
 * Who acted: their name (or e-mail) as the database gives it, kept after the account is deleted;
 * nobody at all means the server itself, e.g. the first-run setup or a service task.
 */
export function actorName(entry: Pick<AuditEntry, 'actorName' | 'actorEmail'>): string {
  return entry.actorName ?? entry.actorEmail ?? 'System';
}
