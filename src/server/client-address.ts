import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * The address rate limits count against. Without a trusted proxy it is the socket's: a header the client
 * writes proves nothing. Behind one (TRUST_PROXY=1) it is the last X-Forwarded-For entry, the one that
 * proxy appended itself; any entry before it is whatever the client sent.
 */
export function clientAddressOf(
  req: Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string | undefined } },
  trustProxy: boolean,
): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return socket;
  const forwarded = [req.headers['x-forwarded-for']].flat().join(',').split(',').at(-1)?.trim() ?? '';
  return isIP(forwarded) ? forwarded : socket;
}
