import { atom } from 'nanostores';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: string;
  title: string;
  message: string;
  kind: ToastKind;
  /** Milliseconds the toast stays on screen while the reader is not hovering or focusing it. */
  duration: number;
}

export interface ToastInput {
  title: string;
  message: string;
  kind?: ToastKind;
  duration?: number;
}

/** Errors stay longer: they usually ask the reader to do something. */
export const DEFAULT_DURATION: Record<ToastKind, number> = {
  info: 6000,
  success: 6000,
  warning: 8000,
  error: 10000,
};

/** Older toasts give way so the stack never covers the page. */
export const MAX_TOASTS = 4;

export const $toasts = atom<readonly Toast[]>([]);

let counter = 0;

/** Shows a toast on every toast region of the page and returns its id. */
export function pushToast(input: ToastInput): string {
  counter += 1;
  const kind = input.kind ?? 'info';
  const toast: Toast = {
    id: `toast-${counter}`,
    title: input.title,
    message: input.message,
    kind,
    duration: input.duration ?? DEFAULT_DURATION[kind],
  };
  $toasts.set([...$toasts.get(), toast].slice(-MAX_TOASTS));
  return toast.id;
}

export function dismissToast(id: string): void {
  const remaining = $toasts.get().filter((toast) => toast.id !== id);
  if (remaining.length !== $toasts.get().length) $toasts.set(remaining);
}

export function clearToasts(): void {
  $toasts.set([]);
}
