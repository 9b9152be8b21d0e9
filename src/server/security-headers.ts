import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { basePolicy, mergePolicies, parsePolicy, serializePolicy, type Policy } from './csp.ts';

export interface SecurityOptions {
  /** Backend URL the browser talks to (Supabase); its origin joins connect-src. */
  supabaseUrl: string;
  /** Believe X-Forwarded-Proto from a reverse proxy when deciding whether the request was HTTPS. */
  trustProxy: boolean;
}

export const HSTS = 'max-age=63072000; includeSubDomains';

const FIXED_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
];

function originOf(url: string): string[] {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? [] : [origin];
  } catch {
    console.warn(`SUPABASE_URL is not a valid URL, leaving it out of connect-src: ${url}`);
    return [];
  }
}

export function isHttpsRequest(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first?.toLowerCase() === 'https';
}

export interface SecurityHeaders {
  /** The policy sent with responses that carry no page policy of their own. */
  readonly baseCsp: string;
  /** Sets every security header on a response before anything else writes to it. */
  apply(req: IncomingMessage, res: ServerResponse): void;
  /** The header policy for a page whose own policy (meta or Astro header) is given. */
  cspForPage(pagePolicy: Policy | string | undefined): string;
  /** Whether the request reached us over HTTPS, directly or through the trusted proxy. */
  isHttps(req: IncomingMessage): boolean;
}

export function createSecurityHeaders({ supabaseUrl, trustProxy }: SecurityOptions): SecurityHeaders {
  const base = basePolicy({ connectOrigins: originOf(supabaseUrl) });
  const baseCsp = serializePolicy(base);
  return {
    baseCsp,
    apply(req, res) {
      res.setHeader('Content-Security-Policy', baseCsp);
      for (const [name, value] of FIXED_HEADERS) res.setHeader(name, value);
      if (isHttpsRequest(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
      else res.removeHeader('Strict-Transport-Security');
      res.removeHeader('X-Powered-By');
    },
    isHttps: (req) => isHttpsRequest(req, trustProxy),
    cspForPage(pagePolicy) {
      if (pagePolicy === undefined) return baseCsp;
      const parsed = typeof pagePolicy === 'string' ? parsePolicy(pagePolicy) : pagePolicy;
      return serializePolicy(mergePolicies(base, parsed));
    },
  };
}
