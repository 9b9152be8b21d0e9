import { toastForFailedResponse } from '../security/security-toasts.ts';
import { ensureCsrfToken } from '../../stores/csrf.ts';

export type ApiResult<T> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: number;
      message: string;
      offline?: boolean;
      missing?: { answers: string[]; documents: string[] };
    };

/**
 * Calls one of the applications endpoints with the CSRF header. A dropped connection is reported
 * as `offline` (nothing reached the server); security errors and rate limits also show their toast.
 */
export async function callApi<T extends object>(
  path: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
  options: { quiet?: boolean } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-csrf-token': await ensureCsrfToken(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, offline: true, message: 'You are offline.' };
  }
  const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ...(parsed as T), ok: true };
  if (!options.quiet) toastForFailedResponse(response.status, parsed);
  const message =
    typeof parsed?.['message'] === 'string' ? parsed['message'] : 'Something went wrong. Please try again.';
  return { ...(parsed ?? {}), ok: false, status: response.status, message } as ApiResult<T>;
}
