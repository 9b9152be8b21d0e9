import { ensureCsrfToken } from '../../stores/csrf.ts';
import type { FormOutcome } from '../../lib/security/form-outcome.ts';
import { CSRF_FIELD } from '../../lib/security/csrf-field.ts';
import { toastForFailedResponse } from './security-toasts.ts';

/**
 * Posts a form the way the browser would, plus the CSRF header, and returns the server's
 * outcome. Security failures and rate limits become toasts here, so callers only render fields.
 */
export async function submitProtectedForm(
  form: HTMLFormElement,
  extra: Record<string, string> = {},
): Promise<FormOutcome> {
  const token = await ensureCsrfToken();
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  for (const [name, value] of Object.entries(extra)) body.set(name, value);
  body.set(CSRF_FIELD, token);
  let response: Response;
  try {
    response = await fetch(form.action, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-csrf-token': token },
    });
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'We could not reach the server. Check your connection and try again.',
    };
  }
  const parsed: unknown = await response.json().catch(() => null);
  const shown = response.ok ? false : toastForFailedResponse(response.status, parsed);
  if (parsed && typeof parsed === 'object' && 'ok' in parsed) return parsed as FormOutcome;
  return {
    ok: false,
    status: response.status,
    ...(shown ? {} : { message: 'Something went wrong. Please try again.' }),
  };
}
