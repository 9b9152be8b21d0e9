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
  'staff_universities',
  'application_decisions',
  'decision_reasons',
  'place_alerts',
  'scholarships',
  'living_costs',
  'message_templates',
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
  staff_universities: 'Counsellor’s university',
  application_decisions: 'Decision',
  decision_reasons: 'Decision reason',
  place_alerts: 'Place alert',
  scholarships: 'Scholarship',
  living_costs: 'Living cost',
  message_templates: 'Message template',
};

export function isAuditEntity(value: unknown): value is AuditEntity {
  return AUDIT_ENTITIES.includes(value as AuditEntity);
}

export const AUDIT_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditQuery {
  entity: AuditEntity | '';
  /** The id of the person who acted, or '' for anyone. */
  person: string;
  /** Text in the acting person's name or e-mail, or in the record's name or reference. */
  q: string;
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
    person: UUID.test(params.get('person') ?? '') ? (params.get('person') ?? '').toLowerCase() : '',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
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

/** The view's query string (no "?"); a null page leaves the page out (the export takes every page). */
export function auditQueryString(query: AuditQuery, page: number | null = 1): string {
  const params = new URLSearchParams();
  if (query.entity) params.set('entity', query.entity);
  if (query.person) params.set('person', query.person);
  if (query.q) params.set('q', query.q);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (page !== null && page > 1) params.set('page', String(page));
  return params.toString();
}

/** Whether the view narrows the log at all (a backwards range does not). */
export function isFiltered(query: AuditQuery): boolean {
  return Boolean(query.entity || query.person || query.q || (!query.rangeError && (query.from || query.to)));
}

/** The address of a page of the log, the filters kept. */
export function auditHref(query: AuditQuery, page = 1): string {
  const search = auditQueryString(query, page);
  return search ? `/admin/audit?${search}` : '/admin/audit';
}

/** Every entry of the view as a CSV download, not only the page on screen. */
export function auditExportHref(query: AuditQuery): string {
  const search = auditQueryString(query, null);
  return search ? `/admin/audit/export.csv?${search}` : '/admin/audit/export.csv';
}
