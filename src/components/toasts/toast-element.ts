import type { Toast } from '../../stores/toasts.ts';
import { DISMISS_ICON_PATH, dismissLabel, KIND_CLASSES, TOAST_CLASSES } from './toast-styles.ts';
import type { ToastText } from './flash-replays.ts';

const SVG = 'http://www.w3.org/2000/svg';

function dismissButton(title: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = TOAST_CLASSES.dismiss;
  button.setAttribute('aria-label', dismissLabel(title));
  button.dataset['toastDismiss'] = '';
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('viewBox', '0 0 20 20');
  icon.setAttribute('class', TOAST_CLASSES.icon);
  icon.setAttribute('fill', 'currentColor');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', DISMISS_ICON_PATH);
  icon.append(path);
  button.append(icon);
  return button;
}

/** A toast as the server draws it; text goes in as text, never as markup. */
export function createToastElement(toast: Toast): HTMLElement {
  const item = document.createElement('div');
  item.className = `${TOAST_CLASSES.item} ${KIND_CLASSES[toast.kind]}`;
  item.dataset['kind'] = toast.kind;
  item.dataset['toast'] = '';
  const body = document.createElement('div');
  body.className = TOAST_CLASSES.body;
  const title = document.createElement('p');
  title.className = TOAST_CLASSES.title;
  title.textContent = toast.title;
  const message = document.createElement('p');
  message.className = TOAST_CLASSES.message;
  message.textContent = toast.message;
  body.append(title, message);
  item.append(body, dismissButton(toast.title));
  return item;
}

const KINDS = new Set(['info', 'success', 'warning', 'error']);

/** Reads back a toast the server drew: its kind, title and message. */
export function readToastElement(item: HTMLElement): ToastText | undefined {
  const kind = item.dataset['kind'];
  const [title, message] = item.querySelectorAll('p');
  if (!kind || !KINDS.has(kind) || !title || !message) return undefined;
  return {
    kind: kind as ToastText['kind'],
    title: title.textContent ?? '',
    message: message.textContent ?? '',
  };
}
