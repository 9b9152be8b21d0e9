import { recordAudit } from '../../stores/audit-log.ts';
import { pushToast } from '../../stores/toasts.ts';
import { authErrorToast, SECURITY_TOASTS, type ToastPayload } from '../../lib/security/messages.ts';

/** Shows a security toast and records it in this browser's audit log. */
export function showSecurityToast(toast: ToastPayload, kind: 'error' | 'warning' = 'error'): void {
  pushToast({ title: toast.title, message: toast.message, kind });
  recordAudit({ type: 'security_error', title: toast.title, message: toast.message });
}

export const showCsrfError = (): void => showSecurityToast(SECURITY_TOASTS.csrf);
export const showRateLimit = (): void => showSecurityToast(SECURITY_TOASTS.rateLimit);
export const showAuthError = (message?: string | null): void => showSecurityToast(authErrorToast(message));

/**
 * Turns a failed response into the toast the reader should see: a security error or toast in the
 * body shows as sent, otherwise 429 is 'Rate Limit' and 401 means the session is gone. Returns true when
 * a toast was shown.
 */
export function toastForFailedResponse(status: number, body: unknown): boolean {
  const shaped = body as { error?: Partial<ToastPayload>; toast?: Partial<ToastPayload> } | null;
  const toast = shaped?.error ?? shaped?.toast;
  if (typeof toast?.title === 'string' && typeof toast.message === 'string') {
    showSecurityToast({ title: toast.title, message: toast.message });
    return true;
  }
  if (status === 429) {
    showRateLimit();
    return true;
  }
  if (status === 401) {
    showAuthError();
    return true;
  }
  return false;
}
