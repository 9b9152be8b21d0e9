import { useEffect, useRef, useState } from 'react';
import type { StoredVersion } from './autosave.ts';

export interface DraftConflictProps {
  message: string;
  current: StoredVersion;
  onLoad: (id: string) => Promise<string | null>;
  onKeep: (id: string) => Promise<string | null>;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));

const button = 'min-h-11 rounded-lg px-4 font-semibold disabled:opacity-60';

/**
 * Says that a save was refused because the draft was saved elsewhere in the meantime, and lets the
 * applicant choose: the stored version, or theirs saved over it. It takes focus when it appears.
 */
export default function DraftConflict({ message, current, onLoad, onKeep }: DraftConflictProps) {
  const box = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => box.current?.focus(), [current.version]);

  async function choose(action: (id: string) => Promise<string | null>) {
    setBusy(true);
    setError(null);
    const problem = await action(current.id);
    setBusy(false);
    if (problem) setError(problem);
  }

  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      aria-labelledby="draft-conflict-title"
      className="rounded-lg border-l-4 border-accent-400 bg-accent-100 p-4 ring-1 ring-accent-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      data-testid="draft-conflict"
    >
      <h2 id="draft-conflict-title" className="text-lg font-semibold text-ink-950">
        This application was changed elsewhere at {when(current.updated_at)}
      </h2>
      <p className="mt-1 text-ink-900">{message}</p>
      <p className="mt-2 text-ink-900">
        What you typed here is still on screen and kept on this device, but it is not saved to your account
        until you choose:
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={() => void choose(onLoad)}
          className={`${button} bg-white text-brand-800 ring-1 ring-brand-300 ring-inset hover:bg-brand-50`}
        >
          Load the saved version
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void choose(onKeep)}
          className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Keep my version and save it
        </button>
      </div>
      {error ? <p className="mt-2 font-medium text-danger-600">{error}</p> : null}
    </div>
  );
}
