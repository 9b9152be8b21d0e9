import { $toasts, dismissToast, pushToast, type Toast } from '../../stores/toasts.ts';
import { Countdown, type Clock } from './countdown.ts';
import { FlashReplays, type ToastText } from './flash-replays.ts';
import { createToastElement, readToastElement } from './toast-element.ts';
import { regionFor } from './toast-styles.ts';

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
};

const sameText = (a: ToastText, b: ToastText) =>
  a.kind === b.kind && a.title === b.title && a.message === b.message;

/** Hovering or focusing a toast holds its countdown until the reader moves on. */
function pauseWhileRead(element: HTMLElement, countdown: Countdown): void {
  element.addEventListener('mouseenter', () => countdown.pause('hover'));
  element.addEventListener('mouseleave', () => countdown.resume('hover'));
  element.addEventListener('focusin', () => countdown.pause('focus'));
  element.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget)))
      countdown.resume('focus');
  });
}

/**
 * Takes the flash toasts the server drew into the store, so they time out and dismiss like any
 * other. They leave the live regions until the first render puts them back, which makes assistive
 * technology announce them as it would a toast shown later.
 */
function adoptDrawnToasts(root: HTMLElement) {
  const adopted = new Map<string, HTMLElement>();
  const pushed: ToastText[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-toast]')) {
    element.remove();
    const text = readToastElement(element);
    if (!text) continue;
    const earlier = $toasts.get().find((toast) => sameText(toast, text) && !adopted.has(toast.id));
    if (!earlier) pushed.push(text);
    adopted.set(earlier?.id ?? pushToast(text), element);
  }
  return { adopted, replays: new FlashReplays(pushed) };
}

/** Draws the toast store into the server-rendered region; the page needs no framework for it. */
export function startToastRegion(root: HTMLElement): void {
  const regions = {
    alert: root.querySelector<HTMLElement>('[data-toast-region="alert"]'),
    status: root.querySelector<HTMLElement>('[data-toast-region="status"]'),
  };
  const shown = new Map<string, { element: HTMLElement; countdown: Countdown }>();
  const replayed = new Set<string>();
  const { adopted, replays } = adoptDrawnToasts(root);

  const show = (toast: Toast) => {
    if (!adopted.has(toast.id) && replays.claim(toast)) {
      replayed.add(toast.id);
      queueMicrotask(() => dismissToast(toast.id));
      return;
    }
    const element = adopted.get(toast.id) ?? createToastElement(toast);
    adopted.delete(toast.id);
    element.dataset['toastId'] = toast.id;
    regions[regionFor(toast.kind)]?.append(element);
    const countdown = new Countdown(toast.duration, () => dismissToast(toast.id), browserClock);
    pauseWhileRead(element, countdown);
    shown.set(toast.id, { element, countdown });
  };

  const render = (toasts: readonly Toast[]) => {
    const current = new Set(toasts.map((toast) => toast.id));
    for (const [id, { element, countdown }] of shown) {
      if (current.has(id)) continue;
      countdown.stop();
      element.remove();
      shown.delete(id);
    }
    for (const toast of toasts) if (!shown.has(toast.id) && !replayed.has(toast.id)) show(toast);
  };

  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-toast-dismiss]') : null;
    const id = button?.closest<HTMLElement>('[data-toast-id]')?.dataset['toastId'];
    if (id) dismissToast(id);
  });
  requestAnimationFrame(() => {
    $toasts.subscribe(render);
    root.dataset['ready'] = '';
  });
}
