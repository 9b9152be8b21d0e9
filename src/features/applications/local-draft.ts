import { draftSaveSchema, draftVersionSchema, type ApplicationDraft } from './draft.ts';

/**
 * The browser's backup of a draft, per user and application ("new" until the server gave it an
 * id), so nothing typed is lost to a dropped connection or an expired session.
 */
const key = (userId: string, draftId: string | null) =>
  `unipath:application-draft:${userId}:${draftId ?? 'new'}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLocalDraft(userId: string, draftId: string | null): ApplicationDraft | null {
  const raw = storage()?.getItem(key(userId, draftId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { id?: unknown; version?: unknown };
    const parsed = draftSaveSchema.safeParse(value);
    if (!parsed.success) return null;
    const version = draftVersionSchema.safeParse(value.version ?? null);
    return {
      ...parsed.data,
      id: typeof value.id === 'string' ? value.id : null,
      version: version.success ? version.data : null,
    };
  } catch {
    return null;
  }
}

/** Stores the draft; a draft that just received its id moves out of the "new" slot. */
export function writeLocalDraft(userId: string, draft: ApplicationDraft): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(key(userId, draft.id), JSON.stringify(draft));
    if (draft.id) store.removeItem(key(userId, null));
  } catch {
    // A full or blocked storage leaves the server copy as the only one; saving goes on.
  }
}

export function clearLocalDraft(userId: string, draftId: string | null): void {
  storage()?.removeItem(key(userId, draftId));
}
