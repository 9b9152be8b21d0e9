import { describe, expect, it } from 'vitest';
import { FlashReplays } from '../../../src/components/toasts/flash-replays.ts';
import { SECURITY_TOASTS } from '../../../src/lib/security/messages.ts';

const csrf = { ...SECURITY_TOASTS.csrf, kind: 'error' as const };
const saved = { title: 'Saved', message: 'Your draft is saved.', kind: 'success' as const };

describe('flash toasts drawn by the server', () => {
  it('absorb one replay each of the same flash, and nothing else', () => {
    const replays = new FlashReplays([csrf]);
    expect(replays.claim(saved)).toBe(false);
    expect(replays.claim(csrf)).toBe(true);
    expect(replays.claim(csrf), 'a second identical toast is a new event and shows').toBe(false);
  });

  it('tell toasts apart by kind as well as by text', () => {
    const replays = new FlashReplays([csrf]);
    expect(replays.claim({ ...csrf, kind: 'warning' })).toBe(false);
    expect(replays.claim({ ...csrf, message: 'Another message.' })).toBe(false);
  });

  it('absorb as many replays as toasts were drawn', () => {
    const replays = new FlashReplays([saved, saved]);
    expect([replays.claim(saved), replays.claim(saved), replays.claim(saved)]).toEqual([true, true, false]);
  });
});
