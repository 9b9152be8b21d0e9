import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { SAVE_PICKS_COOKIE, SHORTLIST_STORAGE_KEY, takeBrowserPicks } from './pick.ts';

/** Most courses a shortlist keeps; the oldest give way beyond it. */
export const SHORTLIST_LIMIT = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps well-formed ids once each, newest last, at most the limit. */
export function cleanShortlist(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const ids = [
    ...new Set(values.filter((value): value is string => typeof value === 'string' && UUID.test(value))),
  ];
  return ids.slice(-SHORTLIST_LIMIT);
}

/** The union of this browser's list and the account's list: nothing saved on either side is lost. */
export function mergeShortlists(local: readonly string[], remote: readonly string[]): string[] {
  return cleanShortlist([...remote, ...local]);
}

function decode(text: string): string[] {
  try {
    return cleanShortlist(JSON.parse(text));
  } catch {
    return [];
  }
}

/** Saved course ids. Visitors keep them in this browser; signed-in applicants also in their account. */
export const $shortlist = persistentAtom<string[]>(SHORTLIST_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode,
});

/**
 * Saves and removals made by a plain form post (a tap before hydration, or without JavaScript)
 * join this browser's list as soon as the store loads; the account already has them.
 */
function takeFormPicks(): void {
  const picks = takeBrowserPicks(SAVE_PICKS_COOKIE);
  if (picks.length === 0) return;
  let list = $shortlist.get();
  for (const pick of picks)
    list = pick.add ? cleanShortlist([...list, pick.id]) : list.filter((item) => item !== pick.id);
  $shortlist.set(list);
}
takeFormPicks();

/** The signed-in user whose account list mirrors $shortlist, or null for visitors. */
export const $shortlistOwner = atom<string | null>(null);

export function isShortlisted(id: string, list: readonly string[] = $shortlist.get()): boolean {
  return list.includes(id);
}

/** Adds or removes one course; returns whether it is saved afterwards. */
export function toggleShortlist(id: string): boolean {
  const list = $shortlist.get();
  const saved = !list.includes(id);
  $shortlist.set(saved ? cleanShortlist([...list, id]) : list.filter((item) => item !== id));
  return saved;
}

export function setShortlist(ids: readonly string[]): void {
  $shortlist.set(cleanShortlist(ids));
}

async function post(path: string, body: unknown): Promise<Response> {
  const { ensureCsrfToken } = await import('../../stores/csrf.ts');
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await ensureCsrfToken() },
    body: JSON.stringify(body),
  });
}

/** Mirrors one change into the signed-in user's account list; visitors keep it in the browser only. */
export async function syncShortlistChange(courseId: string, saved: boolean): Promise<boolean> {
  if (!$shortlistOwner.get()) return true;
  const response = await post('/api/shortlist', { course_id: courseId, saved });
  return response.ok;
}

/** Sends this browser's list to the account and keeps the union both sides now hold. */
export async function mergeWithAccount(): Promise<void> {
  const response = await post('/api/shortlist/merge', { ids: $shortlist.get() });
  if (!response.ok) return;
  const body = (await response.json()) as { ids?: unknown };
  // Joined with the list as it is now, so a course saved while the merge was under way is kept.
  setShortlist(mergeShortlists($shortlist.get(), cleanShortlist(body.ids)));
}
