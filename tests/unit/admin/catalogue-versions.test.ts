import { describe, expect, it } from 'vitest';
import type { FailedForm } from '../../../src/features/admin/catalogue/catalogue-post.server.ts';
import { formState, staleWriteOutcome, versionOf } from '../../../src/features/admin/catalogue/form-state.ts';
import { savedDifferences } from '../../../src/features/admin/catalogue/saved-differences.ts';

const STALE =
  'Priya Nair changed this course at 2026-11-25 10:42 UTC (title, tuition amount), after you opened it. Nothing was saved: check the current version, then make your change again.';
const stored = { title: 'MSc Marine Science', tuition_amount: '22000', published: 'on', version: '5' };
const typed = { title: 'MSc Marine Biology', tuition_amount: '21000', published: 'on', version: '4' };
const refused = (overrides: Partial<FailedForm> = {}): FailedForm => ({
  intent: 'save_course',
  target: '',
  values: typed,
  errors: {},
  message: STALE,
  conflict: true,
  ...overrides,
});

describe('catalogue forms and row versions', () => {
  it('reads the version the form showed, and nothing else', () => {
    expect(versionOf({ version: '7' })).toBe(7);
    for (const version of [undefined, '', '0', '-1', '2.5', 'seven']) {
      expect(versionOf(version === undefined ? {} : { version })).toBeNull();
    }
  });

  it('keeps what was typed after a stale save, with the database’s words and the saved version', () => {
    const state = formState(refused(), 'save_course', stored);
    expect(state.values).toEqual({ ...typed, version: '5' });
    expect(state.conflict).toEqual({ message: STALE, saved: stored });
    expect(state.message).toBeUndefined();
    expect(state.errors).toEqual({});
  });

  it('keeps the version the form showed after a refusal for other reasons', () => {
    const state = formState(
      refused({ conflict: false, message: 'Please correct the highlighted fields.' }),
      'save_course',
      stored,
    );
    expect(state.values['version']).toBe('4');
    expect(state.conflict).toBeUndefined();
  });

  it('shows the stored row in every form the refusal was not about', () => {
    expect(formState(refused(), 'verify_course', { version: '5' })).toEqual({
      values: { version: '5' },
      errors: {},
      message: undefined,
    });
    expect(formState(refused({ target: 'intake-1' }), 'save_course', stored).values).toBe(stored);
  });

  it('turns a stale version into a conflict carrying the message, and a missing one into a reload request', () => {
    expect(staleWriteOutcome({ code: 'PT409', message: STALE })).toEqual({
      ok: false,
      status: 409,
      message: STALE,
      data: { conflict: true },
    });
    expect(staleWriteOutcome({ code: 'PT428', message: 'no version' })?.message).toBe(
      'This form is out of date and was not saved. Reload the page, then make your change again.',
    );
    expect(staleWriteOutcome({ code: '23505', message: 'duplicate' })).toBeNull();
  });

  it('lists where the saved record differs from the form, in the form’s words', () => {
    const labels = {
      title: 'Title',
      tuition_amount: 'Tuition',
      level: 'Level',
      release_mode: 'Decision release',
    };
    expect(
      savedDifferences(
        { ...stored, published: '', level: 'master', release_mode: 'batch' },
        { ...typed, level: 'master', release_mode: 'rolling' },
        labels,
      ),
    ).toEqual([
      { name: 'title', label: 'Title', saved: 'MSc Marine Science' },
      { name: 'tuition_amount', label: 'Tuition', saved: '22000' },
      { name: 'release_mode', label: 'Decision release', saved: 'Batch' },
      { name: 'published', label: 'Published', saved: 'No' },
    ]);
    expect(savedDifferences(stored, { ...stored, version: '4' }, labels)).toEqual([]);
  });
});
