import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { popupEligible, readPopupMemory, rememberPopup } from './popup-memory.ts';

const LeadDialog = lazy(() => import('./LeadDialog.tsx'));

const RETRY_MS = 5_000;

interface Props {
  /** How long a visitor reads before the popup offers help. */
  delayMs?: number;
}

/**
 * Offers counselling once per visitor: after a while on the page, or when the mouse leaves
 * through the top of the window on desktop. It waits while another dialog is open.
 */
export default function LeadPopup({ delayMs = 25_000 }: Props) {
  const [open, setOpen] = useState(false);
  const previousFocus = useRef<Element | null>(null);
  useEffect(() => {
    const eligible = () => popupEligible(window.location.pathname, readPopupMemory(), Date.now());
    if (!eligible()) return;
    let timer = 0;
    const stop = () => {
      window.clearTimeout(timer);
      document.removeEventListener('mouseout', onMouseOut);
    };
    const show = () => {
      if (!eligible()) return stop();
      if (document.querySelector('dialog[open]')) {
        timer = window.setTimeout(show, RETRY_MS);
        return;
      }
      stop();
      rememberPopup('shown');
      previousFocus.current = document.activeElement;
      setOpen(true);
    };
    function onMouseOut(event: MouseEvent) {
      if (!event.relatedTarget && event.clientY <= 0) show();
    }
    timer = window.setTimeout(show, delayMs);
    if (window.matchMedia('(hover: hover) and (pointer: fine)').matches)
      document.addEventListener('mouseout', onMouseOut);
    return stop;
  }, [delayMs]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LeadDialog
        source="popup"
        onClose={(sent) => {
          if (!sent) rememberPopup('dismissed');
          setOpen(false);
          if (previousFocus.current instanceof HTMLElement) previousFocus.current.focus();
        }}
      />
    </Suspense>
  );
}
