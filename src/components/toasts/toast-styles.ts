import type { ToastKind } from '../../stores/toasts.ts';

/** One look for every toast, whether the server, the vanilla region or the React region draws it. */
export const TOAST_CLASSES = {
  container:
    // Above the compare tray when it shows (it sets the variable), so a toast never covers its actions.
    'pointer-events-none fixed inset-x-0 bottom-[var(--compare-tray-height,0px)] z-50 flex flex-col gap-3 p-4 sm:inset-x-auto sm:right-0 sm:w-96',
  stack: 'flex flex-col gap-3',
  item: 'pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 bg-white p-4 text-ink-900 shadow-lg ring-1 ring-ink-900/10',
  body: 'min-w-0 flex-1',
  title: 'font-semibold',
  message: 'mt-1 text-sm text-ink-700',
  dismiss: '-m-1 rounded p-1 text-ink-600 hover:bg-ink-100 hover:text-ink-900',
  icon: 'size-5',
} as const;

export const KIND_CLASSES: Record<ToastKind, string> = {
  info: 'border-brand-600',
  success: 'border-success-600',
  warning: 'border-warning-600',
  error: 'border-danger-600',
};

/** The dismiss button's cross. */
export const DISMISS_ICON_PATH =
  'M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z';

/** Errors interrupt (role=alert); everything else waits its turn (role=status). */
export const regionFor = (kind: ToastKind): 'alert' | 'status' => (kind === 'error' ? 'alert' : 'status');

export const dismissLabel = (title: string): string => `Dismiss: ${title}`;
