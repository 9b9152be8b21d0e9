import { z } from 'zod';

/**
 * Save and Compare as plain forms: a tap before the island has hydrated (or with no JavaScript)
 * posts here, the server does what it can (an account's shortlist) and leaves the change in a
 * cookie that the browser's stores take over on their next load, so the first tap is never lost.
 */
export const PICK_PATH = '/api/shortlist/pick';
export const PICK_ACTIONS = ['save', 'unsave', 'compare', 'uncompare'] as const;
export type PickAction = (typeof PICK_ACTIONS)[number];

/** Browser-readable cookies holding the changes the stores have not taken yet. */
export const SAVE_PICKS_COOKIE = 'unipath-pick-save';
export const COMPARE_PICKS_COOKIE = 'unipath-pick-compare';
/** Where this browser keeps its shortlist (the shortlist store's persistent atom). */
export const SHORTLIST_STORAGE_KEY = 'unipath:shortlist';

/**
 * How a Save button wakes (`client:interact`): when the visitor reaches for it, or at once when this
 * browser has a shortlist or a save made before hydration, the only times it shows "Saved".
 */
export const SAVE_BUTTON_HYDRATION = {
  storageKey: SHORTLIST_STORAGE_KEY,
  cookie: SAVE_PICKS_COOKIE,
} as const;

/** Most changes a cookie keeps; older ones give way. */
export const PICKS_LIMIT = 8;
/** Most characters of a course title a cookie keeps (the compare tray's label). */
export const PICK_TITLE_LIMIT = 80;

export const pickSchema = z.object({
  action: z.enum(PICK_ACTIONS),
  course_id: z.uuid(),
  // Control characters and lone surrogates are dropped: the title goes into a cookie and a message.
  title: z
    .string()
    .transform((value) => value.replace(/[\p{Cc}\p{Cs}]/gu, '').trim())
    .pipe(z.string().min(1).max(300)),
  next: z.string().max(2048).optional(),
});

export type PickInput = z.infer<typeof pickSchema>;

export interface PendingPick {
  /** true adds the course, false removes it. */
  add: boolean;
  id: string;
  title: string;
}

const pendingSchema = z
  .array(z.object({ add: z.boolean(), id: z.uuid(), title: z.string().max(PICK_TITLE_LIMIT) }))
  .max(PICKS_LIMIT);

/** Reads a pick cookie's value; anything malformed reads as no changes. */
export function decodePicks(raw: string | undefined | null): PendingPick[] {
  if (!raw) return [];
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Appends one change, keeping the newest ones. */
export function appendPick(list: readonly PendingPick[], pick: PendingPick): PendingPick[] {
  return [...list, pick].slice(-PICKS_LIMIT);
}

/** The id of the hidden form a course's Save and Compare buttons submit. */
export function pickFormId(courseId: string): string {
  return `pick-${courseId}`;
}

/** Takes (reads and clears) one of the pick cookies in the browser. */
export function takeBrowserPicks(name: string): PendingPick[] {
  if (typeof document === 'undefined') return [];
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  if (!entry) return [];
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    return decodePicks(decodeURIComponent(entry.slice(name.length + 1)));
  } catch {
    return [];
  }
}
