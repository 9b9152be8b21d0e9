/** The exact security toasts of the product specification; every layer uses these texts. */
export const SECURITY_TOASTS = {
  csrf: { title: 'Security Error', message: 'CSRF token validation failed. Please refresh the page.' },
  rateLimit: { title: 'Rate Limit', message: 'Too many requests. Please wait a moment before trying again.' },
  auth: { title: 'Authentication Error', message: 'Please sign in again.' },
} as const;

export interface ToastPayload {
  title: string;
  message: string;
}

/** 'Authentication Error' with the backend's message when there is one. */
export function authErrorToast(message?: string | null): ToastPayload {
  const text = message?.trim();
  return { title: SECURITY_TOASTS.auth.title, message: text ? text : SECURITY_TOASTS.auth.message };
}

/** The JSON body a fetch caller gets for a security failure. */
export function securityErrorBody(toast: ToastPayload): { error: ToastPayload } {
  return { error: { title: toast.title, message: toast.message } };
}
