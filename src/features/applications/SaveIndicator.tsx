import type { SaveStatus } from './autosave.ts';

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

function describe(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return 'Your answers save as you type.';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved at ${time(status.at)}`;
    case 'local':
      return 'Saved on this device. Choose an intake to save it to your account.';
    case 'offline':
      return 'Offline — saved on this device';
    case 'signed-out':
      return 'Your session ended — saved on this device.';
    case 'conflict':
      return 'Not saved: this application was changed elsewhere. Your answers are kept on this device.';
    case 'error':
      return `Not saved to your account: ${status.message} Your answers are kept on this device.`;
  }
}

/** The draft's save state, announced politely; a lapsed session offers the way back in. */
export default function SaveIndicator({ status }: { status: SaveStatus }) {
  const next = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
  return (
    <p role="status" aria-live="polite" className="text-sm text-ink-700" data-testid="save-status">
      {describe(status)}
      {status.kind === 'signed-out' ? (
        <>
          {' '}
          <a
            className="font-semibold text-brand-700 underline"
            href={`/auth?next=${encodeURIComponent(next)}`}
          >
            Sign in again to sync it
          </a>
        </>
      ) : null}
    </p>
  );
}
