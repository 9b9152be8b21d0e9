import { describe, expect, it } from 'vitest';
import {
  leadExportHref,
  leadListHref,
  readLeadFilters,
} from '../../../src/features/admin/leads/lead-filters.ts';
import { leadUpdateSchema } from '../../../src/features/admin/leads/lead-update-schema.ts';

const STAFF = '7bac4e30-5d6f-4081-acbd-2e3f4a5b6c7d';
const read = (query: string) => readLeadFilters(new URLSearchParams(query));

describe('leads list URL', () => {
  it('reads each filter and ignores values the table cannot hold', () => {
    expect(read(`status=qualified&source=popup&assignee=${STAFF}&q=ruiz&page=2`)).toEqual({
      status: 'qualified',
      source: 'popup',
      assignee: STAFF,
      q: 'ruiz',
      page: 2,
    });
    expect(read('status=won&source=fax&assignee=bob&page=0')).toEqual({
      status: '',
      source: '',
      assignee: '',
      q: '',
      page: 1,
    });
    expect(read('assignee=none').assignee).toBe('none');
  });

  it('exports the current filters without the page', () => {
    const filters = read('status=new&q=tomas&page=4');
    expect(leadListHref(filters)).toBe('/admin/leads?status=new&q=tomas&page=4');
    expect(leadExportHref(filters)).toBe('/admin/leads/export.csv?status=new&q=tomas');
    expect(leadExportHref(read(''))).toBe('/admin/leads/export.csv');
  });
});

describe('the lead update form', () => {
  it('accepts a status, a staff member or nobody, and notes', () => {
    expect(
      leadUpdateSchema.parse({
        version: '3',
        status: 'contacted',
        assignee: STAFF,
        notes: ' Called.\r\nCall back. ',
      }),
    ).toEqual({
      version: 3,
      status: 'contacted',
      assignee: STAFF,
      notes: 'Called.\nCall back.',
    });
    expect(leadUpdateSchema.parse({ version: '1', status: 'lost', assignee: '' }).notes).toBe('');
  });

  it('refuses unknown statuses, assignees that are not ids, and over-long notes', () => {
    const issues = (input: unknown) =>
      leadUpdateSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(issues({ version: '2', status: 'won', assignee: 'bob', notes: 'x'.repeat(5001) }).sort()).toEqual([
      'assignee',
      'notes',
      'status',
    ]);
    expect(issues({ version: '2', status: 'new', assignee: '', notes: 'a\r\n'.repeat(2500) })).toEqual([]);
  });

  it('refuses a form that does not say which version of the lead it was opened on', () => {
    const issues = (input: unknown) =>
      leadUpdateSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(issues({ status: 'new', assignee: '' })).toEqual(['version']);
    expect(issues({ version: 'abc', status: 'new', assignee: '' })).toEqual(['version']);
    expect(issues({ version: '0', status: 'new', assignee: '' })).toEqual(['version']);
  });
});
