import type { ApplicationDraft } from './draft.ts';

/** The draft as the server holds it after another window or device saved it. */
export interface StoredVersion {
  id: string;
  version: number;
  updated_at: string;
}

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'local' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'signed-out' }
  | { kind: 'conflict'; message: string; current: StoredVersion }
  | { kind: 'error'; message: string };

export type SaveResult =
  | { ok: true; id: string; savedAt: string; version: number }
  | { ok: false; reason: 'conflict'; message: string; current: StoredVersion }
  | { ok: false; reason: 'offline' | 'signed-out' | 'error'; message?: string; retryable?: boolean };

export interface AutosaveOptions {
  delay: number;
  /** Keeps the copy in this browser; runs on every change, before the server hears of it. */
  keepLocal: (draft: ApplicationDraft) => void;
  send: (draft: ApplicationDraft) => Promise<SaveResult>;
  onStatus: (status: SaveStatus) => void;
  onSaved: (id: string, version: number) => void;
  /** Waits before retrying a save that failed for want of a connection or a server; the last repeats. */
  retryDelays?: readonly number[];
}

const RETRY_DELAYS = [5_000, 10_000, 20_000, 40_000, 60_000];

/**
 * Saves a draft while the applicant types: at once to this browser, to the server once typing
 * pauses for `delay` ms. One request at a time; changes made meanwhile go in the next one. Each save
 * names the version it is based on. A lost connection or an unavailable server keeps the local copy
 * and retries by itself, backing off. A save refused because the draft changed elsewhere stops
 * autosaving (typing is still kept locally) until the applicant chooses which version to keep.
 */
export function createAutosave(options: AutosaveOptions) {
  let pending: ApplicationDraft | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let known: { id: string; version: number } | null = null;
  let halted = false;
  let failures = 0;
  const delays = options.retryDelays ?? RETRY_DELAYS;

  function later(wait: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, wait);
  }

  function settle(draft: ApplicationDraft, result: SaveResult): void {
    if (result.ok) {
      failures = 0;
      known = { id: result.id, version: result.version };
      options.onSaved(result.id, result.version);
      options.keepLocal({ ...draft, id: result.id, version: result.version });
      if (!pending) options.onStatus({ kind: 'saved', at: result.savedAt });
      return;
    }
    pending ??= draft;
    if (result.reason === 'conflict') {
      halted = true;
      clearTimeout(timer);
      options.onStatus({ kind: 'conflict', message: result.message, current: result.current });
      return;
    }
    if (result.reason === 'offline' || result.retryable) {
      later(delays[Math.min(failures, delays.length - 1)] ?? 5_000);
      failures += 1;
    }
    options.onStatus(
      result.reason === 'error'
        ? { kind: 'error', message: result.message ?? 'Saving failed.' }
        : { kind: result.reason },
    );
  }

  async function flush(): Promise<void> {
    if (inFlight) return inFlight.then(flush);
    if (!pending || halted) return;
    const draft = known
      ? { ...pending, id: known.id, version: known.version }
      : { ...pending, id: pending.id, version: pending.version };
    pending = null;
    options.onStatus({ kind: 'saving' });
    inFlight = options.send(draft).then((result) => {
      inFlight = null;
      settle(draft, result);
    });
    await inFlight;
  }

  return {
    change(draft: ApplicationDraft): void {
      pending = draft;
      options.keepLocal({ ...draft, id: known?.id ?? draft.id, version: known?.version ?? draft.version });
      if (!halted) later(options.delay);
    },
    /** Sends what is waiting now (leaving a step, coming back online). */
    flush(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      return flush();
    },
    /**
     * Ends a refusal: from now on saves are based on `base`, the version the applicant chose. With
     * `draft` that copy is saved over it at once; without, what waited is dropped (the applicant
     * loaded the stored version instead).
     */
    resume(base: { id: string; version: number }, draft?: ApplicationDraft): Promise<void> {
      known = base;
      halted = false;
      failures = 0;
      pending = draft ?? null;
      clearTimeout(timer);
      timer = undefined;
      return flush();
    },
    hasPending: (): boolean => pending !== null || inFlight !== null,
  };
}
