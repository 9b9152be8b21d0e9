import type { IncomingMessage } from 'node:http';
import { parseCookieHeader } from '@supabase/ssr';

/** The request's cookies by name, parsed as the app's session client parses them (first of a repeated name wins). */
export const readCookies = (req: IncomingMessage): Map<string, string> =>
  new Map(parseCookieHeader(req.headers.cookie ?? '').map(({ name, value }) => [name, value]));
