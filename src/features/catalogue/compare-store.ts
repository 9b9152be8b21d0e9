import { persistentAtom } from '@nanostores/persistent';
import { COMPARE_PICKS_COOKIE, takeBrowserPicks, type PendingPick } from '../shortlist/pick.ts';
import { pushToast } from '../../stores/toasts.ts';

export const COMPARE_LIMIT = 4;
export const COMPARE_FULL_MESSAGE = `Not added: you can compare up to ${COMPARE_LIMIT} courses at once. Remove one from the compare tray, or swap.`;

export interface CompareEntry {
  id: string;
  title: string;
}

function decode(text: string): CompareEntry[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (item): item is CompareEntry =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as CompareEntry).id === 'string' &&
          typeof (item as CompareEntry).title === 'string',
      )
      .slice(0, COMPARE_LIMIT);
  } catch {
    return [];
  }
}

/** Where the browser keeps the picks (localStorage). */
export const COMPARE_STORAGE_KEY = 'unipath:compare';

/**
 * How the compare tray hydrates (`client:interact`): at once when picks are saved in this browser or
 * a plain form post left some in a cookie, otherwise on the visitor's first interaction with the page.
 * An empty tray shows nothing, so it costs no script until then.
 */
export const COMPARE_TRAY_HYDRATION = {
  on: 'page',
  storageKey: COMPARE_STORAGE_KEY,
  cookie: COMPARE_PICKS_COOKIE,
} as const;

/** Courses picked for side-by-side comparison; remembered across pages and visits. */
export const $compare = persistentAtom<CompareEntry[]>(COMPARE_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode,
});

/** The tray after the adds and removals of plain form posts, in the order they were made. */
export function applyComparePicks(
  list: readonly CompareEntry[],
  picks: readonly PendingPick[],
): CompareEntry[] {
  let next = [...list];
  for (const pick of picks)
    next = pick.add
      ? addToList(next, { id: pick.id, title: pick.title }).list
      : next.filter((item) => item.id !== pick.id);
  return next;
}

/**
 * Courses added or removed by a plain form post (before hydration, or without JavaScript). The
 * server could not see this browser's tray; should it have been full, the visitor is told here that
 * the course was not added after all.
 */
function takeFormPicks(): void {
  const picks = takeBrowserPicks(COMPARE_PICKS_COOKIE);
  if (picks.length === 0) return;
  const before = $compare.get();
  const after = applyComparePicks(before, picks);
  $compare.set(after);
  const last = new Map(picks.map((pick) => [pick.id, pick]));
  for (const pick of last.values())
    if (pick.add && !after.some((item) => item.id === pick.id))
      pushToast({
        kind: 'error',
        title: 'Not added to compare',
        message: `${pick.title}: ${COMPARE_FULL_MESSAGE}`,
      });
}

export type AddOutcome = 'added' | 'already' | 'full';

/** Pure rule of the tray: at most four, each once. */
export function addToList(
  list: readonly CompareEntry[],
  entry: CompareEntry,
): { list: CompareEntry[]; outcome: AddOutcome } {
  if (list.some((item) => item.id === entry.id)) return { list: [...list], outcome: 'already' };
  if (list.length >= COMPARE_LIMIT) return { list: [...list], outcome: 'full' };
  return { list: [...list, entry], outcome: 'added' };
}

takeFormPicks();

export function addToCompare(entry: CompareEntry): AddOutcome {
  const { list, outcome } = addToList($compare.get(), entry);
  if (outcome === 'added') $compare.set(list);
  return outcome;
}

/** Takes the oldest pick out to make room for `entry` (the way out of a full tray). */
export function swapIntoCompare(entry: CompareEntry): CompareEntry | null {
  const [oldest, ...rest] = $compare.get();
  if (!oldest || rest.some((item) => item.id === entry.id)) return null;
  $compare.set([...rest.filter((item) => item.id !== entry.id), entry].slice(-COMPARE_LIMIT));
  return oldest;
}

export function removeFromCompare(id: string): void {
  $compare.set($compare.get().filter((item) => item.id !== id));
}

export function clearCompare(): void {
  $compare.set([]);
}

export function compareHref(list: readonly CompareEntry[]): string {
  return `/courses/compare?ids=${list.map((item) => item.id).join(',')}`;
}
