import { afterEach, describe, expect, it } from 'vitest';
import {
  $toasts,
  clearToasts,
  DEFAULT_DURATION,
  dismissToast,
  MAX_TOASTS,
  pushToast,
} from '../../../src/stores/toasts.ts';

afterEach(() => clearToasts());

describe('toast store', () => {
  it('shows a pushed toast with its title, message and kind', () => {
    const id = pushToast({
      title: 'Security Error',
      message: 'CSRF token validation failed. Please refresh the page.',
      kind: 'error',
    });
    expect($toasts.get()).toEqual([
      {
        id,
        title: 'Security Error',
        message: 'CSRF token validation failed. Please refresh the page.',
        kind: 'error',
        duration: DEFAULT_DURATION.error,
      },
    ]);
  });

  it('defaults to an informational toast and honours a custom duration', () => {
    pushToast({ title: 'Saved', message: 'Your draft is saved.' });
    pushToast({ title: 'Rate Limit', message: 'Too many requests.', kind: 'warning', duration: 1500 });
    expect($toasts.get().map((t) => [t.kind, t.duration])).toEqual([
      ['info', DEFAULT_DURATION.info],
      ['warning', 1500],
    ]);
  });

  it('gives every toast its own id', () => {
    const ids = Array.from({ length: 3 }, () => pushToast({ title: 'T', message: 'M' }));
    expect(new Set(ids).size).toBe(3);
  });

  it('dismisses only the toast asked for', () => {
    const first = pushToast({ title: 'First', message: 'M' });
    const second = pushToast({ title: 'Second', message: 'M' });
    dismissToast(first);
    expect($toasts.get().map((t) => t.id)).toEqual([second]);
  });

  it('ignores dismissing a toast that is already gone, without notifying listeners', () => {
    pushToast({ title: 'Only', message: 'M' });
    let notified = 0;
    const unbind = $toasts.listen(() => {
      notified += 1;
    });
    dismissToast('toast-that-never-existed');
    unbind();
    expect(notified).toBe(0);
    expect($toasts.get()).toHaveLength(1);
  });

  it('keeps at most the newest few toasts on screen', () => {
    const ids = Array.from({ length: MAX_TOASTS + 2 }, (_, i) => pushToast({ title: `T${i}`, message: 'M' }));
    expect($toasts.get().map((t) => t.id)).toEqual(ids.slice(-MAX_TOASTS));
  });
});
