/** Telling "the backend is down" apart from other failures, and answering for it. */

export const BACKEND_DOWN_MESSAGE =
  'Unipath can’t reach its services right now. Your work is safe; try again in a moment.';

/** The on-demand page a request is rewritten to while the backend is unreachable. */
export const UNAVAILABLE_PATH = '/unavailable';

/** Gateway answers: the backend's front door is up but what stands behind it is not. */
const GATEWAY_ERRORS = new Set([502, 503, 504]);

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export interface BackendWatch {
  /** The fetch to hand this request's Supabase client. */
  fetch: typeof fetch;
  /** Whether a backend call of this request found the backend unreachable. */
  readonly down: boolean;
}

/**
 * Watches one request's backend calls: a refused or dropped connection, or a gateway error, means
 * the backend is down. Nothing is remembered beyond the request, so recovery needs no restart.
 */
export function createBackendWatch(base: typeof fetch = fetch): BackendWatch {
  let down = false;
  const watched: typeof fetch = async (input, init) => {
    try {
      const response = await base(input, init);
      if (GATEWAY_ERRORS.has(response.status)) down = true;
      return response;
    } catch (error) {
      if (!isAbort(error)) down = true;
      throw error;
    }
  };
  return {
    fetch: watched,
    get down() {
      return down;
    },
  };
}

/** Asks the auth server's health route, briefly: false when nothing (or only a gateway) answers. */
export async function backendAnswers(url: string, timeoutMs = 2000, base: typeof fetch = fetch) {
  try {
    const response = await base(new URL('auth/v1/health', url.endsWith('/') ? url : `${url}/`), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return !GATEWAY_ERRORS.has(response.status);
  } catch {
    return false;
  }
}

/** API routes and scripts asking for JSON get JSON; browsers navigating get the page. */
export function wantsJson(request: Request, pathname: string): boolean {
  if (pathname.startsWith('/api/') || pathname === '/healthz') return true;
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** The JSON answer of an endpoint while the backend is down; the islands show its message. */
export function unavailableJson(): Response {
  return new Response(JSON.stringify({ ok: false, status: 503, message: BACKEND_DOWN_MESSAGE }), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
    },
  });
}

/** A GET of the unavailable page carrying the visitor's headers (cookies, accept), never a body. */
export function unavailablePageRequest(request: Request, url: URL): Request {
  const headers = new Headers(request.headers);
  for (const name of ['content-type', 'content-length', 'transfer-encoding']) headers.delete(name);
  return new Request(new URL(UNAVAILABLE_PATH, url), { method: 'GET', headers });
}
