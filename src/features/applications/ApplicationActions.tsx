import { useState } from 'react';
import { callApi } from './api-client.ts';
import ConfirmDialog from './ConfirmDialog.tsx';

/** A choice that accepting this offer lets go, and how. */
export interface LetGo {
  id: string;
  course_title: string;
  university_name: string;
  term: string;
  becomes: string;
}

const BECOMES: Record<string, string> = {
  declined: 'its offer is declined',
  withdrawn: 'withdrawn',
  removed: 'the draft is removed',
};

export interface ApplicationActionsProps {
  id: string;
  courseTitle: string;
  canWithdraw: boolean;
  canRespond: boolean;
  replyBy: string | null;
  letGo?: LetGo[];
}

type Pending = 'withdraw' | 'accept' | 'decline' | null;

const COPY = {
  withdraw: {
    title: 'Withdraw this application?',
    confirm: 'Withdraw application',
    cancel: 'Keep application',
  },
  accept: { title: 'Accept this offer?', confirm: 'Accept offer', cancel: 'Not yet' },
  decline: { title: 'Decline this offer?', confirm: 'Decline offer', cancel: 'Not yet' },
} as const;

/** Withdraw, accept or decline, each after a confirmation; the page reloads to show the new status. */
export default function ApplicationActions({
  id,
  courseTitle,
  canWithdraw,
  canRespond,
  replyBy,
  letGo = [],
}: ApplicationActionsProps) {
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!pending || busy) return;
    setBusy(true);
    const result =
      pending === 'withdraw'
        ? await callApi(`/api/applications/${id}/withdraw`, 'POST', { reason: reason.trim() || undefined })
        : await callApi(`/api/applications/${id}/respond`, 'POST', { accept: pending === 'accept' });
    setBusy(false);
    if (result.ok) return window.location.reload();
    setPending(null);
    setError(result.message);
  }

  const button = 'min-h-11 rounded-lg px-4 font-semibold';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {canRespond ? (
          <>
            <button
              type="button"
              className={`${button} bg-brand-700 text-white`}
              onClick={() => setPending('accept')}
            >
              Accept offer
            </button>
            <button
              type="button"
              className={`${button} text-brand-800 ring-1 ring-brand-300`}
              onClick={() => setPending('decline')}
            >
              Decline offer
            </button>
          </>
        ) : null}
        {canWithdraw ? (
          <button
            type="button"
            className={`${button} text-danger-600 ring-1 ring-red-300`}
            onClick={() => setPending('withdraw')}
          >
            Withdraw
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? COPY[pending].title : ''}
        confirmLabel={pending ? COPY[pending].confirm : ''}
        cancelLabel={pending ? COPY[pending].cancel : ''}
        busy={busy}
        danger={pending !== 'accept'}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending === 'withdraw' ? (
          <>
            <p>Your application for {courseTitle} will be closed. You cannot undo this.</p>
            <label htmlFor={`withdraw-reason-${id}`} className="mt-4 block font-medium text-ink-900">
              Why are you withdrawing? (optional)
            </label>
            <textarea
              id={`withdraw-reason-${id}`}
              maxLength={500}
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="mt-1 w-full rounded-lg border border-ink-300 p-2"
            />
          </>
        ) : (
          <>
            <p>
              {pending === 'accept' ? 'You accept the place on' : 'You turn down the place on'} {courseTitle}.
              {replyBy ? ` Reply by ${replyBy}.` : ''} This cannot be undone.
            </p>
            {pending === 'accept' && letGo.length > 0 ? (
              <>
                <p className="mt-3 font-medium text-ink-900">Your other choices are let go:</p>
                <ul className="mt-1 list-disc pl-5" data-testid="let-go">
                  {letGo.map((choice) => (
                    <li key={choice.id}>
                      {choice.course_title}, {choice.university_name} ({choice.term}):{' '}
                      {BECOMES[choice.becomes] ?? choice.becomes}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
