import { isPostgresError } from '../db/types.ts';

export interface ErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: unknown;
}

/** An error answered in PostgREST's shape, with its HTTP status and extra headers. */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: unknown;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { details?: unknown; hint?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = extra.details ?? null;
    this.hint = extra.hint ?? null;
    this.headers = extra.headers ?? {};
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A query-string parse failure (PGRST100). */
export function parseError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', message, { details });
}

const prefixStatus: [string, number][] = [
  ['08', 503],
  ['09', 500],
  ['0L', 403],
  ['0P', 403],
  ['25', 500],
  ['28', 403],
  ['2D', 500],
  ['38', 500],
  ['39', 500],
  ['3B', 500],
  ['40', 500],
  ['53', 503],
  ['54', 500],
  ['55', 500],
  ['57', 500],
  ['58', 500],
  ['F0', 500],
  ['HV', 500],
  ['P0', 500],
  ['XX', 500],
];

const exactStatus: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
  '53400': 500,
  '57P01': 503,
  P0001: 400,
};

/** The HTTP status PostgREST answers for a SQLSTATE; `authed` is false for the anon role. */
export function sqlStateStatus(code: string, message: string, authed: boolean): number {
  if (code === '42501') return authed ? 403 : 401;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  const exact = exactStatus[code];
  if (exact) return exact;
  const pt = /^PT(\d{3})$/.exec(code);
  if (pt) return Number(pt[1]);
  return prefixStatus.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400;
}

interface RaisedPgrst {
  code?: string;
  message?: string;
  details?: string;
  hint?: string;
}

/** `RAISE SQLSTATE 'PGRST'` hands the whole response to the function: JSON message and detail. */
function fromRaisedPgrst(message: string, detail: string | undefined): RestError {
  try {
    const body = JSON.parse(message) as RaisedPgrst;
    const control = JSON.parse(detail ?? '') as { status: number; headers?: Record<string, string> };
    return new RestError(control.status, body.code ?? 'PGRST', body.message ?? '', {
      details: body.details ?? null,
      hint: body.hint ?? null,
      headers: control.headers ?? {},
    });
  } catch {
    return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error');
  }
}

/** Turns anything thrown while serving a request into the error the client receives. */
export function toRestError(error: unknown, authed: boolean): RestError | null {
  if (error instanceof RestError) return error;
  if (!isPostgresError(error)) return null;
  if (error.code === 'PGRST') return fromRaisedPgrst(error.message, error.detail);
  const status = sqlStateStatus(error.code, error.message, authed);
  return new RestError(status, error.code, error.message, {
    details: error.detail ?? null,
    hint: error.hint ?? null,
    headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {},
  });
}
