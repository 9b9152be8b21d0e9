import type { ApplicationDraft } from './draft.ts';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'local' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string };

export type SaveResult =
  | { ok: true; id: string; savedAt: string }
  | { ok: false; reason: 'offline' | 'signed-out' | 'error'; message?: string; retryable?: boolean };

export interface AutosaveOptions {
  delay: number;
  /** Keeps the copy in this browser; runs on every change, before the server hears of it. */
  keepLocal: (draft: ApplicationDraft) => void;
  send: (draft: ApplicationDraft) => Promise<SaveResult>;
  onStatus: (status: SaveStatus) => void;
  onSaved: (id: string) => void;
  /** Waits before retrying a save that failed for want of a connection or a server; the last repeats. */
  retryDelays?: readonly number[];
}

const RETRY_DELAYS = [5_000, 10_000, 20_000, 40_000, 60_000];

/**
 * Saves a draft while the applicant types: at once to this browser, to the server once typing
 * pauses for `delay` ms. One request at a time; changes made meanwhile go in the next one. A lost
 * connection or an unavailable server keeps the local copy and retries by itself, backing off.
 */
export function createAutosave(options: AutosaveOptions) {
  let pending: ApplicationDraft | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let knownId: string | null = null;
  let failures = 0;
  const delays = options.retryDelays ?? RETRY_DELAYS;

  function retryLater(): void {
    const wait = delays[Math.min(failures, delays.length - 1)] ?? RETRY_DELAYS[0];
    failures += 1;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, wait);
  }

  async function flush(): Promise<void> {
    if (inFlight) return inFlight.then(flush);
    if (!pending) return;
    const draft = { ...pending, id: pending.id ?? knownId };
    pending = null;
    options.onStatus({ kind: 'saving' });
    inFlight = options.send(draft).then((result) => {
      inFlight = null;
      if (result.ok) {
        failures = 0;
        knownId = result.id;
        options.onSaved(result.id);
        options.keepLocal({ ...draft, id: result.id });
        if (!pending) options.onStatus({ kind: 'saved', at: result.savedAt });
        return;
      }
      pending ??= draft;
      if (result.reason === 'offline' || result.retryable) retryLater();
      options.onStatus(
        result.reason === 'error'
          ? { kind: 'error', message: result.message ?? 'Saving failed.' }
          : { kind: result.reason },
      );
    });
    await inFlight;
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, options.delay);
  }

  return {
    change(draft: ApplicationDraft): void {
      pending = draft;
      options.keepLocal({ ...draft, id: draft.id ?? knownId });
      schedule();
    },
    /** Sends what is waiting now (leaving a step, coming back online). */
    flush(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      return flush();
    },
    hasPending: (): boolean => pending !== null || inFlight !== null,
  };
}
