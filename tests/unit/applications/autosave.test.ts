import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAutosave,
  type SaveResult,
  type SaveStatus,
} from '../../../src/features/applications/autosave.ts';
import { emptyAnswers, type ApplicationDraft } from '../../../src/features/applications/draft.ts';

const ID = '5b2f7c4e-4c1e-4a38-9a53-3f1f0a2b9c11';
const draft = (name: string): ApplicationDraft => ({
  id: null,
  version: null,
  course_id: null,
  intake_id: null,
  current_step: 'personal',
  answers: { ...emptyAnswers(), personal: { full_name: name } },
  changed_at: new Date().toISOString(),
});

function setup(results: SaveResult[]) {
  const sent: ApplicationDraft[] = [];
  const local: ApplicationDraft[] = [];
  const statuses: SaveStatus[] = [];
  const saver = createAutosave({
    delay: 800,
    keepLocal: (value) => local.push(value),
    send: (value) => {
      sent.push(value);
      return Promise.resolve(
        results.shift() ?? { ok: true, id: ID, savedAt: '2026-11-21T14:32:00Z', version: sent.length },
      );
    },
    onStatus: (status) => statuses.push(status),
    onSaved: () => undefined,
  });
  return { saver, sent, local, statuses };
}

describe('createAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps every keystroke locally and sends only the last one after typing pauses', async () => {
    const { saver, sent, local, statuses } = setup([]);
    saver.change(draft('A'));
    saver.change(draft('Am'));
    saver.change(draft('Amara'));
    expect(local).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((value) => value.answers.personal.full_name)).toEqual(['Amara']);
    expect(statuses.at(-1)).toEqual({ kind: 'saved', at: '2026-11-21T14:32:00Z' });
  });

  it('sends later saves with the id the server gave the draft', async () => {
    const { saver, sent } = setup([]);
    saver.change(draft('A'));
    await vi.advanceTimersByTimeAsync(800);
    saver.change(draft('Ab'));
    await vi.advanceTimersByTimeAsync(800);
    expect(sent[1]?.id).toBe(ID);
  });

  it('keeps an unsent change when offline and sends it on the next flush', async () => {
    const { saver, sent, statuses } = setup([{ ok: false, reason: 'offline' }]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toEqual({ kind: 'offline' });
    expect(saver.hasPending()).toBe(true);
    await saver.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.answers.personal.full_name).toBe('Amara');
    expect(saver.hasPending()).toBe(false);
  });

  it('reports an expired session without losing the change', async () => {
    const { saver, statuses, local } = setup([{ ok: false, reason: 'signed-out' }]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toEqual({ kind: 'signed-out' });
    expect(local.at(-1)?.answers.personal.full_name).toBe('Amara');
  });

  it('retries by itself while the server is unavailable, backing off, until the save goes through', async () => {
    const unavailable: SaveResult = { ok: false, reason: 'error', message: 'Unavailable.', retryable: true };
    const { saver, sent, statuses } = setup([unavailable, unavailable]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toEqual({ kind: 'error', message: 'Unavailable.' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((value) => value.answers.personal.full_name)).toEqual(['Amara', 'Amara', 'Amara']);
    expect(statuses.at(-1)).toEqual({ kind: 'saved', at: '2026-11-21T14:32:00Z' });
    expect(saver.hasPending()).toBe(false);
  });

  it('does not retry a save the server refused for its content, nor one whose session ended', async () => {
    const { saver, sent } = setup([
      { ok: false, reason: 'error', message: 'Refused.' },
      { ok: false, reason: 'signed-out' },
    ]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    await saver.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toHaveLength(2);
  });

  it('sends each save with the version the server gave the last one', async () => {
    const { saver, sent } = setup([]);
    saver.change(draft('A'));
    await vi.advanceTimersByTimeAsync(800);
    saver.change(draft('Ab'));
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.map((value) => value.version)).toEqual([null, 1]);
  });
});

describe('a save refused because the draft changed elsewhere', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const current = { id: ID, version: 7, updated_at: '2026-11-21T14:40:00Z' };
  const refused: SaveResult = {
    ok: false,
    reason: 'conflict',
    message: 'You (in another window or on another device) changed this application.',
    current,
  };

  it('stops autosaving but keeps every later change on this device', async () => {
    const { saver, sent, local, statuses } = setup([refused]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toEqual({ kind: 'conflict', message: refused.message, current });
    saver.change(draft('Amara Okafor'));
    await vi.advanceTimersByTimeAsync(120_000);
    await saver.flush();
    expect(sent).toHaveLength(1);
    expect(local.at(-1)?.answers.personal.full_name).toBe('Amara Okafor');
    expect(saver.hasPending()).toBe(true);
  });

  it("saves the applicant's copy over the stored version they chose to overwrite", async () => {
    const { saver, sent, statuses } = setup([refused]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    await saver.resume({ id: ID, version: 7 }, draft('Amara Okafor'));
    expect(sent.at(-1)).toMatchObject({ id: ID, version: 7 });
    expect(sent.at(-1)?.answers.personal.full_name).toBe('Amara Okafor');
    expect(statuses.at(-1)).toMatchObject({ kind: 'saved' });
    saver.change(draft('Amara O.'));
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.at(-1)?.version).toBe(2);
  });

  it('drops what waited when the applicant loads the stored version, and saves on from it', async () => {
    const { saver, sent } = setup([refused]);
    saver.change(draft('Amara'));
    await vi.advanceTimersByTimeAsync(800);
    await saver.resume({ id: ID, version: 7 });
    expect(sent).toHaveLength(1);
    expect(saver.hasPending()).toBe(false);
    saver.change(draft('Stored name, edited'));
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.at(-1)).toMatchObject({ id: ID, version: 7 });
  });
});
