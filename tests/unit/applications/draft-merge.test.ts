import { describe, expect, it } from 'vitest';
import { emptyAnswers, type ApplicationDraft } from '../../../src/features/applications/draft.ts';
import { pickDraft, type ServerDraft } from '../../../src/features/applications/draft-merge.ts';

const ID = '5b2f7c4e-4c1e-4a38-9a53-3f1f0a2b9c11';
const base = {
  course_id: null,
  intake_id: null,
  current_step: 'personal',
  answers: emptyAnswers(),
} as const;
const server: ServerDraft = {
  ...base,
  id: ID,
  version: 4,
  changed_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:01Z',
};
const local = (
  changedAt: string,
  id: string | null = ID,
  version: number | null = null,
): ApplicationDraft => ({
  ...base,
  id,
  version,
  current_step: 'statement',
  changed_at: changedAt,
});

describe('pickDraft', () => {
  it('resumes the local copy when it changed after the server stored its copy', () => {
    const result = pickDraft(local('2026-11-21T10:05:00Z'), server);
    expect(result.source).toBe('local');
    expect(result.draft?.current_step).toBe('statement');
    expect(result.draft?.id).toBe(ID);
  });

  it('keeps the version the local copy was based on, so a save over a newer server copy is refused', () => {
    expect(pickDraft(local('2026-11-21T10:05:00Z', ID, 3), server).draft?.version).toBe(3);
    expect(pickDraft(local('2026-11-21T10:05:00Z', ID, null), server).draft?.version).toBe(4);
    expect(pickDraft(local('2026-11-21T10:05:00Z', null, null), server).draft?.version).toBe(4);
  });

  it('keeps the server copy when it is newer than the local one', () => {
    expect(pickDraft(local('2026-11-21T09:59:00Z'), server).source).toBe('server');
  });

  it('compares instants, not strings, across time zones', () => {
    expect(pickDraft(local('2026-11-21T11:00:30+01:00'), server).source).toBe('local');
    expect(pickDraft(local('2026-11-21T10:59:00+01:00'), server).source).toBe('server');
  });

  it('never lets the local copy of another application replace this one', () => {
    const other = local('2030-01-01T00:00:00Z', '11111111-2222-4333-8444-555555555555');
    expect(pickDraft(other, server)).toEqual({ draft: server, source: 'server' });
  });

  it('adopts a local copy that had no id yet, under the server id', () => {
    expect(pickDraft(local('2026-11-21T10:05:00Z', null), server).draft?.id).toBe(ID);
  });

  it('uses whichever copy exists, or none', () => {
    expect(pickDraft(null, server).source).toBe('server');
    expect(pickDraft(local('2026-11-21T10:05:00Z'), null).source).toBe('local');
    expect(pickDraft(null, null)).toEqual({ draft: null, source: 'none' });
  });
});
