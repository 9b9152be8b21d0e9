import { pageParam } from '../../../lib/page-param.ts';

/** The tables whose staff changes the database records (see the audit log migration). */
export const AUDIT_ENTITIES = [
  'applications',
  'application_documents',
  'application_notes',
  'leads',
  'universities',
  'courses',
  'intakes',
  'document_requirements',
  'user_roles',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  applications: 'Application',
  application_documents: 'Application document',
  application_notes: 'Internal note',
  leads: 'Lead',
  universities: 'University',
  courses: 'Course',
  intakes: 'Intake',
  document_requirements: 'Document requirement',
  user_roles: 'Staff role',
};

export function isAuditEntity(value: unknown): value is AuditEntity {
  return AUDIT_ENTITIES.includes(value as AuditEntity);
}

export const AUDIT_PAGE_SIZE = 25;
export const ACTOR_MAX_LENGTH = 254;

export interface AuditQuery {
  entity: AuditEntity | '';
  /** Part of the acting staff member's e-mail. */
  actor: string;
  /** Inclusive UTC days (YYYY-MM-DD), or empty. */
  from: string;
  to: string;
  page: number;
  /** Set when the range is backwards; the dates are then not applied. */
  rangeError?: string;
}

function dayParam(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const entity = params.get('entity');
  const query: AuditQuery = {
    entity: isAuditEntity(entity) ? entity : '',
    actor: (params.get('actor') ?? '').trim().slice(0, ACTOR_MAX_LENGTH),
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    page: pageParam(params.get('page')),
  };
  if (query.from && query.to && query.from > query.to) {
    query.rangeError = 'The end date is before the start date, so no date range is applied.';
  }
  return query;
}

/** The moments the chosen days span: [since, before) in UTC. */
export function timeBounds(query: AuditQuery): { since?: string; before?: string } {
  if (query.rangeError) return {};
  const bounds: { since?: string; before?: string } = {};
  if (query.from) bounds.since = `${query.from}T00:00:00.000Z`;
  if (query.to) {
    const next = new Date(`${query.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    bounds.before = next.toISOString();
  }
  return bounds;
}

export function auditQueryString(query: AuditQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.entity) params.set('entity', query.entity);
  if (query.actor) params.set('actor', query.actor);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The address of a page of the log, the filters kept. */
export function auditHref(query: AuditQuery, page = 1): string {
  const search = auditQueryString(query, page);
  return search ? `/admin/audit?${search}` : '/admin/audit';
}
