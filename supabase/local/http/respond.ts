import type { IncomingMessage, ServerResponse } from 'node:http';

/** Sends a JSON body with the given status and extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export class BodyTooLargeError extends Error {}

/**
 * Reads the whole request body, refusing more than `limit` bytes. A declared Content-Length over the
 * limit is refused before reading; either way the rest of the body is drained, not read, so the
 * connection stays usable for the error answer.
 */
export function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  const tooLarge = () => new BodyTooLargeError(`body larger than ${limit} bytes`);
  const drain = () => {
    req.removeAllListeners('data');
    req.resume();
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    drain();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        drain();
        reject(tooLarge());
      }
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The caller's address; X-Forwarded-For counts only when the stack sits behind a trusted proxy. */
export function clientIp(req: IncomingMessage, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
