import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';

/** An error the auth API answers with: HTTP status, GoTrue error code and message. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The OAuth 2.0 error shape GoTrue uses for a few token-endpoint failures. */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;

  constructor(status: number, error: string, description: string) {
    super(description);
    this.status = status;
    this.error = error;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

const apiVersion = '2024-01-01';

/** True when the request asked for the dated error format (supabase-js always does). */
function wantsDatedErrors(req: IncomingMessage): boolean {
  const header = req.headers['x-supabase-api-version'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return value >= apiVersion;
}

/** Writes an error the way GoTrue does, in the shape the request's API version calls for. */
export function sendAuthError(
  req: IncomingMessage,
  res: ServerResponse,
  error: AuthError | OAuthError,
): void {
  if (error instanceof OAuthError) {
    sendJson(res, error.status, { error: error.error, error_description: error.message });
    return;
  }
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  if (wantsDatedErrors(req)) {
    headers['x-supabase-api-version'] = apiVersion;
    sendJson(res, error.status, { code: error.code, message: error.message, ...error.extra }, headers);
    return;
  }
  sendJson(
    res,
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    headers,
  );
}
