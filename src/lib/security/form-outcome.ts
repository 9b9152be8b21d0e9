import type { ToastPayload } from './messages.ts';

export type FieldErrors = Record<string, string>;

/**
 * What a protected form post produced. The same object renders the page for a browser without
 * JavaScript and is sent as JSON to an island, so both see identical messages.
 */
export interface FormOutcome {
  ok: boolean;
  /** HTTP status for fetch callers (200, 400, 401, 403, 422, 429…). */
  status: number;
  /** The message for the whole form: an error summary lead or a success notice. */
  message?: string;
  fieldErrors?: FieldErrors;
  /** Where the browser goes next; same-site paths only. */
  redirect?: string;
  /** The auth event this produced, for the islands' session store. */
  event?: string;
  toast?: ToastPayload & { kind: 'info' | 'success' | 'warning' | 'error' };
  /** Extra data an island needs to continue, e.g. an MFA enrolment. */
  data?: Record<string, unknown>;
}

export function failure(status: number, message: string, fieldErrors?: FieldErrors): FormOutcome {
  return { ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) };
}

export function success(fields: Omit<FormOutcome, 'ok' | 'status'> = {}): FormOutcome {
  return { ok: true, status: 200, ...fields };
}

/** Whether the caller is an island's fetch (JSON) rather than a browser's own form post. */
export function wantsJsonResponse(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

export function jsonOutcome(outcome: FormOutcome): Response {
  return new Response(JSON.stringify(outcome), {
    status: outcome.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
