import { afterEach, describe, expect, it, vi } from 'vitest';
import { $csrf } from '../../../src/stores/csrf.ts';
import {
  $shortlist,
  $shortlistOwner,
  mergeWithAccount,
  setShortlist,
  toggleShortlist,
} from '../../../src/features/shortlist/shortlist-store.ts';

const course = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

afterEach(() => {
  vi.unstubAllGlobals();
  setShortlist([]);
  $shortlistOwner.set(null);
});

describe('merging the shortlist with the account at sign-in', () => {
  it('keeps a course saved while the merge request is still under way', async () => {
    $csrf.set('a'.repeat(64));
    $shortlistOwner.set('user-1');
    setShortlist([course(1)]);
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const merging = mergeWithAccount();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    toggleShortlist(course(2));
    answer(Response.json({ ids: [course(1), course(3)] }));
    await merging;
    expect([...$shortlist.get()].sort()).toEqual([course(1), course(2), course(3)]);
  });
});
