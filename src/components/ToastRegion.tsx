import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';

const KIND_STYLES: Record<Toast['kind'], string> = {
  info: 'border-brand-600',
  success: 'border-success-600',
  warning: 'border-warning-600',
  error: 'border-danger-600',
};

/** Counts down only while the reader is not hovering or focusing the toast (WCAG 2.2.1). */
function useAutoDismiss(toast: Toast, paused: boolean) {
  const remaining = useRef(toast.duration);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id]);
}

function ToastItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(toast, hovered || focused);
  return (
    <div
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 bg-white p-4 text-ink-900 shadow-lg ring-1 ring-ink-900/10 ${KIND_STYLES[toast.kind]}`}
      data-kind={toast.kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        <p className="mt-1 text-sm text-ink-700">{toast.message}</p>
      </div>
      <button
        type="button"
        className="-m-1 rounded p-1 text-ink-600 hover:bg-ink-100 hover:text-ink-900"
        aria-label={`Dismiss: ${toast.title}`}
        onClick={() => dismissToast(toast.id)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The page-wide toast area. Both live regions are rendered empty on the server so assistive
 * technology already tracks them when the first toast arrives; errors go to the assertive one.
 */
export default function ToastRegion() {
  const toasts = useStore($toasts);
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  const stack = 'flex flex-col gap-3';
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col gap-3 p-4 sm:inset-x-auto sm:right-0 sm:w-96">
      <div role="alert" aria-atomic="false" className={stack} data-toast-region="alert">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div
        role="status"
        aria-live="polite"
        aria-atomic="false"
        aria-label="Notifications"
        className={stack}
        data-toast-region="status"
      >
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </div>
  );
}
