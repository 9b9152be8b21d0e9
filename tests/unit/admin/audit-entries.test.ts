import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  changedExcerpts,
  formatValue,
  keyLabel,
} from '../../../src/features/admin/audit/audit-changes.ts';
import { actorName, describeEntry, type AuditEntry } from '../../../src/features/admin/audit/audit-entry.ts';
import { auditCsvLine, AUDIT_CSV_HEADER } from '../../../src/features/admin/audit/audit-csv.ts';
import {
  auditExportHref,
  auditHref,
  auditQueryString,
  isFiltered,
  parseAuditQuery,
  timeBounds,
} from '../../../src/features/admin/audit/audit-query.ts';

const APP = '6f1c1b9e-3d7a-4a53-9d35-2a8f0e1c7b44';
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actorName: 'Priya Nair',
  actorEmail: 'staff@unipath.test',
  action: 'update',
  entity: 'applications',
  entityId: APP,
  entityLabel: 'UP-2027-AB12CD',
  applicationId: APP,
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
    const row = { id: 'n1', body: 'Called the school', application_id: 'UP-2027-AB12CD' };
    expect(change('insert', 'application_notes', null, row, 'n1')).toEqual([
      { key: 'application_id', label: 'Application', after: 'UP-2027-AB12CD' },
      { key: 'body', label: 'Body', after: 'Called the school' },
    ]);
    const removed = change('delete', 'application_notes', row, null, 'n1');
    expect(removed.map((item) => [item.key, item.before, item.after])).toEqual([
      ['application_id', 'UP-2027-AB12CD', undefined],
      ['body', 'Called the school', undefined],
    ]);
  });

  it('leaves out what an inserted or removed row left empty', () => {
    const granted = change(
      'insert',
      'user_roles',
      null,
      { user_id: 'Ada', role: 'admin', granted_by: null },
      'u1',
    );
    expect(granted.map((item) => item.label)).toEqual(['Role', 'User']);
    const removed = change('delete', 'application_notes', { body: 'x', author: '' }, null, 'n1');
    expect(removed.map((item) => item.label)).toEqual(['Body']);
    expect(change('update', 'leads', { notes: 'x' }, { notes: null })).toEqual([
      { key: 'notes', label: 'Notes', before: 'x', after: 'empty' },
    ]);
  });

  it('reads a granted role row whole', () => {
    const granted = change(
      'insert',
      'user_roles',
      null,
      { user_id: 'Priya Nair', role: 'counsellor', granted_by: 'Ada Okonkwo' },
      'u1',
    );
    expect(granted.map((item) => [item.label, item.after])).toEqual([
      ['Granted by', 'Ada Okonkwo'],
      ['Role', 'counsellor'],
      ['User', 'Priya Nair'],
    ]);
  });

  it('tolerates values that are not objects', () => {
    expect(change('update', 'leads', 'oops', [1, 2])).toEqual([]);
  });
});

describe('a long text changed deep inside', () => {
  it('shows where the two versions differ, with a little context, instead of cutting both at the same place', () => {
    const start = 'Hello {{recipient_name}}, '.repeat(20);
    const before = `${start}your offer stands until {{reply_by}}. Unipath Admissions`;
    const after = `${start}your offer stands until {{reply_by}}; reply soon. Unipath Admissions`;
    const [was, now] = changedExcerpts(before, after);
    expect(was).toMatch(/^….*until \{\{reply_by\}\}\. Unipath Admissions$/);
    expect(now).toMatch(/^….*until \{\{reply_by\}\}; reply soon\. Unipath Admissions$/);
    expect(was).not.toBe(now);
    const [change] = auditChanges({
      action: 'update',
      entity: 'message_templates',
      entityId: 'decision_offer_unconditional',
      before: { body_text: before },
      after: { body_text: after },
    });
    expect(change?.after).toContain('reply soon');
  });

  it('leaves short texts whole', () => {
    expect(changedExcerpts('Dear applicant', 'Dear Amara')).toEqual(['Dear applicant', 'Dear Amara']);
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
    expect(keyLabel('reason_id')).toBe('Reason');
    expect(keyLabel('id')).toBe('Id');
  });
});

describe('describeEntry', () => {
  it('names the record and links what belongs to an application to it', () => {
    expect(describeEntry(entry({}))).toEqual({
      verb: 'Changed',
      entityType: 'Application',
      label: 'UP-2027-AB12CD',
      href: `/admin/applications/${APP}`,
    });
    const decision = entry({
      action: 'insert',
      entity: 'application_decisions',
      entityLabel: 'Decision on UP-2027-AB12CD',
    });
    expect(describeEntry(decision)).toMatchObject({
      verb: 'Created',
      entityType: 'Decision',
      label: 'Decision on UP-2027-AB12CD',
    });
    expect(describeEntry(entry({ applicationId: 'not-an-id' })).href).toBeUndefined();
    expect(describeEntry(entry({ entity: 'courses', applicationId: null, entityLabel: null }))).toEqual({
      verb: 'Changed',
      entityType: 'Course',
      label: 'a record',
    });
  });

  it('says an assignment in a sentence, with the names the database gave', () => {
    const assigned = entry({ before: { assigned_to: null }, after: { assigned_to: 'Priya Nair' } });
    expect(describeEntry(assigned).summary).toBe('Assigned to Priya Nair');
    const released = entry({
      entity: 'leads',
      before: { assignee: 'Priya Nair' },
      after: { assignee: null },
    });
    expect(describeEntry(released).summary).toBe('Unassigned (was Priya Nair)');
    expect(
      describeEntry(entry({ before: { status: 'submitted' }, after: { status: 'under_review' } })).summary,
    ).toBeUndefined();
  });

  it('says granted and revoked for staff roles, and names who acted', () => {
    expect(describeEntry(entry({ entity: 'user_roles', action: 'insert' })).verb).toBe('Granted');
    expect(describeEntry(entry({ entity: 'user_roles', action: 'delete' })).verb).toBe('Revoked');
    expect(actorName({ actorName: null, actorEmail: null })).toBe('System');
    expect(actorName({ actorName: null, actorEmail: 'gone@unipath.test' })).toBe('gone@unipath.test');
    expect(actorName({ actorName: 'Priya Nair', actorEmail: 'priya@unipath.test' })).toBe('Priya Nair');
  });
});

describe('auditCsvLine', () => {
  it('writes an entry as on screen, with formulas defused', () => {
    expect(AUDIT_CSV_HEADER).toBe(
      'When (UTC),Who,E-mail,Action,Record type,Record,Summary,Changes,Entry\r\n',
    );
    const line = auditCsvLine(
      entry({
        entity: 'leads',
        entityLabel: '=HYPERLINK("http://evil.test")',
        applicationId: null,
        before: { assignee: null, status: 'new' },
        after: { assignee: 'Priya Nair', status: 'contacted' },
      }),
    );
    expect(line).toBe(
      '2026-11-20T10:00:00Z,Priya Nair,staff@unipath.test,Changed,Lead,"\'=HYPERLINK(""http://evil.test"")",' +
        'Assigned to Priya Nair,Assignee: empty → Priya Nair; Status: new → contacted,1\r\n',
    );
  });
});

describe('parseAuditQuery', () => {
  it('keeps known filters and drops unknown tables, people who are not ids, bad dates and bad pages', () => {
    const query = parseAuditQuery(
      new URLSearchParams(
        `entity=pg_authid&person=bob&q=%20zo%C3%AB%20&from=2026-02-30&to=2026-11-21&page=-3`,
      ),
    );
    expect(query).toEqual({ entity: '', person: '', q: 'zoë', from: '', to: '2026-11-21', page: 1 });
    expect(timeBounds(query)).toEqual({ before: '2026-11-22T00:00:00.000Z' });
    expect(auditQueryString(query, 3)).toBe('q=zo%C3%AB&to=2026-11-21&page=3');
    expect(auditHref(query, 3)).toBe('/admin/audit?q=zo%C3%AB&to=2026-11-21&page=3');
    expect(auditHref({ ...query, q: '', to: '' })).toBe('/admin/audit');
    const person = parseAuditQuery(
      new URLSearchParams(`person=${APP.toUpperCase()}&entity=application_decisions&page=2`),
    );
    expect(person).toMatchObject({ person: APP, entity: 'application_decisions', page: 2 });
    expect(auditExportHref(person)).toBe(
      `/admin/audit/export.csv?entity=application_decisions&person=${APP}`,
    );
    expect(auditExportHref(parseAuditQuery(new URLSearchParams()))).toBe('/admin/audit/export.csv');
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
    expect(isFiltered(backwards)).toBe(false);
    expect(isFiltered(range)).toBe(true);
  });
});
