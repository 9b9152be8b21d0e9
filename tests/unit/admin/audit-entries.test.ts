import { describe, expect, it } from 'vitest';
import { auditChanges, formatValue, keyLabel } from '../../../src/features/admin/audit/audit-changes.ts';
import { actorName, describeEntry, type AuditEntry } from '../../../src/features/admin/audit/audit-entry.ts';
import {
  auditHref,
  auditQueryString,
  parseAuditQuery,
  timeBounds,
} from '../../../src/features/admin/audit/audit-query.ts';

const APP = '6f1c1b9e-3d7a-4a53-9d35-2a8f0e1c7b44';
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor: 'a1',
  actorEmail: 'staff@unipath.test',
  action: 'update',
  entity: 'applications',
  entityId: APP,
  before: null,
  after: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const change = (
  action: string,
  entity: string,
  before: unknown,
  after: unknown,
  entityId: string | null = null,
) => auditChanges({ action, entity, entityId, before, after });

describe('auditChanges', () => {
  it('pairs the before and after of each changed key of an update, statuses in words', () => {
    expect(
      change(
        'update',
        'applications',
        { status: 'submitted', assigned_to: null },
        { status: 'under_review', assigned_to: 'x' },
      ),
    ).toEqual([
      { key: 'assigned_to', label: 'Assigned to', before: 'empty', after: 'x' },
      { key: 'status', label: 'Status', before: 'Submitted', after: 'Under review' },
    ]);
    expect(change('update', 'intakes', { status: 'closed' }, { status: 'decisions_published' })).toEqual([
      { key: 'status', label: 'Status', before: 'closed', after: 'decisions published' },
    ]);
  });

  it('lists an insert’s values as after only and a delete’s as before only, without the record’s own id', () => {
    const row = { id: 'n1', body: 'Called the school', application_id: APP };
    expect(change('insert', 'application_notes', null, row, 'n1')).toEqual([
      { key: 'application_id', label: 'Application id', after: APP },
      { key: 'body', label: 'Body', after: 'Called the school' },
    ]);
    const removed = change('delete', 'application_notes', row, null, 'n1');
    expect(removed.map((item) => [item.key, item.before, item.after])).toEqual([
      ['application_id', APP, undefined],
      ['body', 'Called the school', undefined],
    ]);
  });

  it('reads a granted role row whole', () => {
    const granted = change(
      'insert',
      'user_roles',
      null,
      { user_id: 'u1', role: 'counsellor', granted_by: null },
      'u1',
    );
    expect(granted.map((item) => [item.label, item.after])).toEqual([
      ['Granted by', 'empty'],
      ['Role', 'counsellor'],
      ['User id', 'u1'],
    ]);
  });

  it('tolerates values that are not objects', () => {
    expect(change('update', 'leads', 'oops', [1, 2])).toEqual([]);
  });
});

describe('formatValue', () => {
  it('writes values the way staff read them', () => {
    expect(formatValue(null)).toBe('empty');
    expect(formatValue(true)).toBe('yes');
    expect(formatValue(12)).toBe('12');
    expect(formatValue('2026-11-21')).toBe('21 Nov 2026');
    expect(formatValue('2026-11-21T14:32:00+00:00')).toBe('21 Nov 2026, 14:32 UTC');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('x'.repeat(500))).toHaveLength(241);
    expect(keyLabel('last_verified_at')).toBe('Last verified at');
  });
});

describe('describeEntry', () => {
  it('links application changes, notes and documents to the application', () => {
    expect(describeEntry(entry({}))).toEqual({
      verb: 'Changed',
      entityLabel: 'Application',
      href: `/admin/applications/${APP}`,
    });
    const note = entry({
      action: 'insert',
      entity: 'application_notes',
      entityId: 'n1',
      after: { application_id: APP },
    });
    expect(describeEntry(note).href).toBe(`/admin/applications/${APP}`);
    expect(describeEntry(entry({ entityId: 'not-an-id' })).href).toBeUndefined();
  });

  it('says granted and revoked for staff roles, and names who acted', () => {
    expect(describeEntry(entry({ entity: 'user_roles', action: 'insert' })).verb).toBe('Granted');
    expect(describeEntry(entry({ entity: 'user_roles', action: 'delete' })).verb).toBe('Revoked');
    expect(describeEntry(entry({ entity: 'courses', action: 'delete' }))).toEqual({
      verb: 'Deleted',
      entityLabel: 'Course',
    });
    expect(actorName({ actor: null, actorEmail: null })).toBe('System');
    expect(actorName({ actor: 'u9', actorEmail: null })).toBe('u9');
  });
});

describe('parseAuditQuery', () => {
  it('keeps known filters and drops unknown tables, bad dates and bad pages', () => {
    const query = parseAuditQuery(
      new URLSearchParams('entity=pg_authid&actor=%20ann%20&from=2026-02-30&to=2026-11-21&page=-3'),
    );
    expect(query).toEqual({ entity: '', actor: 'ann', from: '', to: '2026-11-21', page: 1 });
    expect(timeBounds(query)).toEqual({ before: '2026-11-22T00:00:00.000Z' });
    expect(auditQueryString(query, 3)).toBe('actor=ann&to=2026-11-21&page=3');
    expect(auditHref(query, 3)).toBe('/admin/audit?actor=ann&to=2026-11-21&page=3');
    expect(auditHref({ ...query, actor: '', to: '' })).toBe('/admin/audit');
  });

  it('spans whole UTC days and refuses a backwards range', () => {
    const range = parseAuditQuery(
      new URLSearchParams('entity=user_roles&from=2026-11-01&to=2026-11-30&page=2'),
    );
    expect(range.page).toBe(2);
    expect(timeBounds(range)).toEqual({
      since: '2026-11-01T00:00:00.000Z',
      before: '2026-12-01T00:00:00.000Z',
    });
    const backwards = parseAuditQuery(new URLSearchParams('from=2026-11-30&to=2026-11-01'));
    expect(backwards.rangeError).toMatch(/end date is before the start date/);
    expect(timeBounds(backwards)).toEqual({});
  });
});
