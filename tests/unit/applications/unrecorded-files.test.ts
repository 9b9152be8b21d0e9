import { describe, expect, it } from 'vitest';
import { unrecordedFiles, UNRECORDED_GRACE_MS } from '../../../src/features/applications/unrecorded-files.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('unrecordedFiles', () => {
  it('picks files no document points at once they are older than the grace period', () => {
    const stored = [
      { path: 'u/a/1-passport.pdf', createdAt: minutesAgo(30) },
      { path: 'u/a/2-transcript.pdf', createdAt: minutesAgo(30) },
      { path: 'u/a/3-cv.pdf', createdAt: minutesAgo(2) },
      { path: 'u/a/4-cv.pdf', createdAt: null },
    ];
    const recorded = new Set(['u/a/1-passport.pdf']);
    expect(unrecordedFiles(stored, recorded, NOW, UNRECORDED_GRACE_MS)).toEqual(['u/a/2-transcript.pdf']);
    expect(unrecordedFiles(stored, recorded, NOW, 0)).toEqual(['u/a/2-transcript.pdf', 'u/a/3-cv.pdf']);
  });

  it('never picks a recorded file, however old', () => {
    const stored = [{ path: 'u/a/1-passport.pdf', createdAt: minutesAgo(60 * 24 * 365) }];
    expect(unrecordedFiles(stored, new Set(['u/a/1-passport.pdf']), NOW, 0)).toEqual([]);
  });
});
