import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';
import {
  DISMISS_ICON_PATH,
  dismissLabel,
  KIND_CLASSES,
  regionFor,
  TOAST_CLASSES,
} from './toasts/toast-styles.ts';

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
      className={`${TOAST_CLASSES.item} ${KIND_CLASSES[toast.kind]}`}
      data-kind={toast.kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className={TOAST_CLASSES.body}>
        <p className={TOAST_CLASSES.title}>{toast.title}</p>
        <p className={TOAST_CLASSES.message}>{toast.message}</p>
      </div>
      <button
        type="button"
        className={TOAST_CLASSES.dismiss}
        aria-label={dismissLabel(toast.title)}
        onClick={() => dismissToast(toast.id)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className={TOAST_CLASSES.icon} fill="currentColor">
          <path d={DISMISS_ICON_PATH} />
        </svg>
      </button>
    </div>
  );
}

/**
 * The toast area of the signed-in layouts, where React is on the page anyway (public pages use
 * toasts/ToastRegion.astro). Both live regions are rendered empty on the server so assistive
 * technology already tracks them when the first toast arrives; errors go to the assertive one.
 */
export default function ToastRegion() {
  const toasts = useStore($toasts);
  const errors = toasts.filter((toast) => regionFor(toast.kind) === 'alert');
  const others = toasts.filter((toast) => regionFor(toast.kind) === 'status');
  const stack = TOAST_CLASSES.stack;
  return (
    <div className={TOAST_CLASSES.container}>
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
