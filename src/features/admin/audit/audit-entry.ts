import { ENTITY_LABELS, isAuditEntity } from './audit-query.ts';

export interface AuditEntry {
  id: number;
  actor: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface EntryDescription {
  /** "Granted", "Changed"… */
  verb: string;
  entityLabel: string;
  /** The application the entry is about, when there is one to open. */
  href?: string;
}

const VERBS: Record<string, string> = { insert: 'Created', update: 'Changed', delete: 'Deleted' };
const ROLE_VERBS: Record<string, string> = { insert: 'Granted', update: 'Changed', delete: 'Revoked' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function applicationOf(entry: AuditEntry): string | null {
  if (entry.entity === 'applications') return entry.entityId;
  if (entry.entity !== 'application_documents' && entry.entity !== 'application_notes') return null;
  for (const side of [entry.after, entry.before]) {
    const id = (side as Record<string, unknown> | null)?.['application_id'];
    if (typeof id === 'string') return id;
  }
  return null;
}

/** What an entry did in words, with a link to the application detail for application records. */
export function describeEntry(entry: AuditEntry): EntryDescription {
  const verbs = entry.entity === 'user_roles' ? ROLE_VERBS : VERBS;
  const application = applicationOf(entry);
  return {
    verb: verbs[entry.action] ?? entry.action,
    entityLabel: isAuditEntity(entry.entity) ? ENTITY_LABELS[entry.entity] : entry.entity,
    ...(application && UUID.test(application) ? { href: `/admin/applications/${application}` } : {}),
  };
}

/**
 * Who acted: the e-mail recorded at the time (kept after the account is deleted), else the account
 * id; nobody at all means the server itself, e.g. the first-run setup or a service task.
 */
export function actorName(entry: Pick<AuditEntry, 'actor' | 'actorEmail'>): string {
  return entry.actorEmail ?? entry.actor ?? 'System';
}
