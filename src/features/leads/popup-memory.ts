import { isAppPath } from './app-paths.ts';

export const POPUP_STORAGE_KEY = 'unipath-lead-popup';
export const POPUP_QUIET_DAYS = 30;
const DAY_MS = 86_400_000;

/** What happened the last time this browser saw the popup. */
export interface PopupMemory {
  outcome: 'shown' | 'dismissed' | 'submitted';
  /** Epoch milliseconds. */
  at: number;
}

export function parsePopupMemory(raw: string | null): PopupMemory | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PopupMemory>;
    if (!['shown', 'dismissed', 'submitted'].includes(String(value.outcome))) return null;
    if (typeof value.at !== 'number' || !Number.isFinite(value.at)) return null;
    return { outcome: value.outcome as PopupMemory['outcome'], at: value.at };
  } catch {
    return null;
  }
}

/**
 * The popup shows once per visitor: never on app pages or beside the contact form, never again
 * after a lead was sent, and
 * not for 30 days after it was shown or dismissed.
 */
export function popupEligible(pathname: string, memory: PopupMemory | null, now: number): boolean {
  if (isAppPath(pathname) || /^\/contact(\/|$)/.test(pathname)) return false;
  if (!memory) return true;
  if (memory.outcome === 'submitted') return false;
  return now - memory.at >= POPUP_QUIET_DAYS * DAY_MS || now < memory.at;
}

export function readPopupMemory(): PopupMemory | null {
  try {
    return parsePopupMemory(localStorage.getItem(POPUP_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function rememberPopup(outcome: PopupMemory['outcome'], now = Date.now()): void {
  try {
    localStorage.setItem(POPUP_STORAGE_KEY, JSON.stringify({ outcome, at: now }));
  } catch {
    // Without storage the popup cannot remember; it then shows at most once per page view.
  }
}
