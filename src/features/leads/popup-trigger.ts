import { popupEligible, readPopupMemory, rememberPopup } from './popup-memory.ts';

/** How long a visitor reads before the popup offers help. */
export const POPUP_DELAY_MS = 25_000;
/** How long the popup waits before trying again while another dialog is open or the visitor is busy. */
const RETRY_MS = 5_000;
/** How long after the last key, tap or scroll the visitor counts as idle. */
export const IDLE_AFTER_MS = 4_000;

const FIELD = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/**
 * Whether the visitor is in the middle of something the popup must not interrupt: focus in a field
 * (typing a search, filling a form) or a key, tap or scroll moments ago.
 */
export function visitorBusy(active: Element | null, lastActivityAt: number, now: number): boolean {
  if (active?.matches(FIELD)) return true;
  return now - lastActivityAt < IDLE_AFTER_MS;
}

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'scroll', 'input'] as const;

/**
 * Offers counselling once per visitor: after a while on the page, or when the mouse leaves
 * through the top of the window on desktop. It waits while `blocked()` says another dialog is open,
 * and for an idle moment: never while focus is in a field or just after a key, tap or scroll.
 */
export function armLeadPopup(open: () => void, blocked: () => boolean, delayMs = POPUP_DELAY_MS): void {
  const eligible = () => popupEligible(window.location.pathname, readPopupMemory(), Date.now());
  if (!eligible()) return;
  let timer = 0;
  let lastActivityAt = 0;
  const noteActivity = () => {
    lastActivityAt = Date.now();
  };
  for (const type of ACTIVITY_EVENTS)
    window.addEventListener(type, noteActivity, { capture: true, passive: true });
  const stop = () => {
    window.clearTimeout(timer);
    document.removeEventListener('mouseout', onMouseOut);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, noteActivity, { capture: true });
  };
  const show = () => {
    if (!eligible()) return stop();
    window.clearTimeout(timer);
    if (blocked() || visitorBusy(document.activeElement, lastActivityAt, Date.now())) {
      timer = window.setTimeout(show, RETRY_MS);
      return;
    }
    stop();
    rememberPopup('shown');
    open();
  };
  function onMouseOut(event: MouseEvent) {
    if (!event.relatedTarget && event.clientY <= 0) show();
  }
  timer = window.setTimeout(show, delayMs);
  if (window.matchMedia('(hover: hover) and (pointer: fine)').matches)
    document.addEventListener('mouseout', onMouseOut);
}
