import { describe, expect, it } from 'vitest';
import {
  readTriageForm,
  triageDoneMessage,
  triageSchema,
} from '../../../src/features/admin/intake/triage-form.ts';

const A = '5f8a2c1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';
const B = '6a9b3d2f-4c5e-4f70-9bac-1d2e3f4a5b6c';
const REVIEWER = '7bac4e30-5d6f-4081-acbd-2e3f4a5b6c7d';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const firstMessage = (input: unknown) => {
  const result = triageSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the triage form', () => {
  it('reads every ticked checkbox, once each', () => {
    const read = readTriageForm(
      form([
        ['ids', A],
        ['ids', B],
        ['ids', A],
        ['assignee', REVIEWER],
        ['intent', 'review'],
      ]),
    );
    expect(read).toEqual({ ids: [A, B], assignee: REVIEWER, intent: 'review' });
  });

  it('says so clearly when nothing is selected', () => {
    expect(firstMessage(readTriageForm(form([['intent', 'review']])))).toBe(
      'Select at least one application first.',
    );
  });

  it('needs a reviewer to assign, but not to move to review', () => {
    expect(firstMessage({ ids: [A], assignee: '', intent: 'assign' })).toBe(
      'Choose a reviewer to assign the selected applications to.',
    );
    expect(firstMessage({ ids: [A], assignee: '', intent: 'review' })).toBeNull();
  });

  it('refuses ids that are not application ids and unknown buttons', () => {
    expect(firstMessage({ ids: ['1 or 1=1'], assignee: '', intent: 'review' })).toMatch(/not recognised/);
    expect(firstMessage({ ids: [A], assignee: '', intent: 'delete' })).toMatch(/not recognised/);
  });

  it('refuses more than 200 at a time, as the database does', () => {
    const ids = Array.from(
      { length: 201 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(firstMessage({ ids, assignee: '', intent: 'review' })).toBe(
      'Select at most 200 applications at a time.',
    );
  });

  it('tells staff what changed', () => {
    const staff = [
      { id: REVIEWER, email: 'reviewer@unipath.test', roles: ['counsellor'], name: 'reviewer@unipath.test' },
    ];
    expect(triageDoneMessage({ ids: [A, B], assignee: REVIEWER, intent: 'assign' }, 2, staff)).toBe(
      'Assigned 2 applications to reviewer@unipath.test.',
    );
    expect(triageDoneMessage({ ids: [A], assignee: REVIEWER, intent: 'review' }, 1, staff)).toBe(
      'Moved 1 application to review and assigned it to reviewer@unipath.test.',
    );
    expect(triageDoneMessage({ ids: [A, B], assignee: '', intent: 'review' }, 2, staff)).toBe(
      'Moved 2 applications to review.',
    );
  });
});
