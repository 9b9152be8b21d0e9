import type { IncomingMessage } from 'node:http';

function decode(value: string): string {
  const unquoted =
    value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!unquoted.includes('%')) return unquoted;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

/** The request's cookies by name; as in the app, the first of repeated names wins. */
export function readCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const split = part.indexOf('=');
    if (split === -1) continue;
    const name = part.slice(0, split).trim();
    if (name && !cookies.has(name)) cookies.set(name, decode(part.slice(split + 1).trim()));
  }
  return cookies;
}
