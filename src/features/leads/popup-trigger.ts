import { popupEligible, readPopupMemory, rememberPopup } from './popup-memory.ts';

/** How long a visitor reads before the popup offers help. */
export const POPUP_DELAY_MS = 25_000;
/** How long the popup waits before trying again while another dialog is open. */
const RETRY_MS = 5_000;

/**
 * Offers counselling once per visitor: after a while on the page, or when the mouse leaves
 * through the top of the window on desktop. It waits while `blocked()` says another dialog is open.
 */
export function armLeadPopup(open: () => void, blocked: () => boolean, delayMs = POPUP_DELAY_MS): void {
  const eligible = () => popupEligible(window.location.pathname, readPopupMemory(), Date.now());
  if (!eligible()) return;
  let timer = 0;
  const stop = () => {
    window.clearTimeout(timer);
    document.removeEventListener('mouseout', onMouseOut);
  };
  const show = () => {
    if (!eligible()) return stop();
    window.clearTimeout(timer);
    if (blocked()) {
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
