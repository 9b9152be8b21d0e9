import type { ServiceRequest, StackContext } from '../context.ts';
import type { Database } from '../db/types.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AuthMailer } from './smtp.ts';
import type { AuthConfig } from './settings.ts';

/** What every auth handler shares. */
export interface AuthDeps {
  stack: StackContext;
  db: Database;
  config: AuthConfig;
  /** The `iss` claim and the base of every link: `<apiUrl>/auth/v1`. */
  issuer: string;
  limiter: RateLimiter;
  /** Set when [auth.email.smtp] is enabled: e-mails go through that server, not into the mailbox. */
  mailer: AuthMailer | null;
}

/** A request as handlers see it: the service request plus the parsed body and the client address. */
export interface AuthRequest extends ServiceRequest {
  ip: string;
  /** Path parameters (`id`, `factorId`…). */
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The allowed redirect target (query `redirect_to`, else body), or the site URL. */
  redirectTo: string;
}

/** What a handler answers: JSON (204 without a body) or a redirect. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { redirect: string; status?: number };

export type Handler = (deps: AuthDeps, request: AuthRequest) => Promise<Reply>;

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply =>
  headers ? { status, body, headers } : { status, body };
