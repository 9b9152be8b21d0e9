import { leadDialogBusy, loadDialogModule, openLeadDialog } from './lead-dialog-opener.ts';
import { armLeadPopup } from './popup-trigger.ts';
import { rememberPopup } from './popup-memory.ts';

const CTA = '[data-lead-cta]';

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const ctaOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>(CTA) : null;

/**
 * Turns every `[data-lead-cta]` link into an opener of the counselling dialog. Until this runs
 * (or without JavaScript) the links simply lead to the contact page.
 */
function listenForCtas(): void {
  document.addEventListener('click', (event) => {
    const trigger = ctaOf(event.target);
    if (!trigger || event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    void openLeadDialog(
      {
        source: 'lead_form',
        courseId: trigger.dataset['courseId'],
        courseTitle: trigger.dataset['courseTitle'],
      },
      {
        showLoading: true,
        onClosed: () => trigger.focus(),
        onUnavailable: () => window.location.assign(trigger.href),
      },
    );
  });
  // A pointer resting on, or focus reaching, a call to action is a strong hint: fetch the form early.
  const warmUp = (event: Event) => {
    if (ctaOf(event.target)) loadDialogModule().catch(() => undefined);
  };
  document.addEventListener('pointerover', warmUp, { passive: true });
  document.addEventListener('focusin', warmUp);
}

function openPopup(): void {
  const previousFocus = document.activeElement;
  void openLeadDialog(
    { source: 'popup' },
    {
      showLoading: false,
      onClosed: (sent) => {
        if (!sent) rememberPopup('dismissed');
        if (previousFocus instanceof HTMLElement) previousFocus.focus();
      },
    },
  );
}

listenForCtas();
armLeadPopup(openPopup, () => leadDialogBusy() || document.querySelector('dialog[open]') !== null);
