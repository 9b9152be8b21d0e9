export interface FormNoticeProps {
  message: string | undefined;
  kind?: 'success' | 'info';
}

/** A confirmation under a form's heading (e.g. "we sent you a link"), announced politely. */
export default function FormNotice({ message, kind = 'success' }: FormNoticeProps) {
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <p
          className={`rounded-lg border-l-4 bg-white p-4 text-ink-900 ring-1 ring-ink-200 ${kind === 'success' ? 'border-success-600' : 'border-brand-600'}`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
