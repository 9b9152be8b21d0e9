import type { IncomingMessage } from 'node:http';
import type { OutgoingMessage } from '../context.ts';
import { BodyTooLargeError, readBody } from '../http/respond.ts';

/** Generous for a transactional e-mail, small enough that a runaway client cannot fill the database. */
export const SEND_BODY_LIMIT = 256 * 1024;

const FIELD_LIMITS = { to: 254, subject: 998, kind: 64 } as const;
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const KIND = /^[a-z0-9_.-]+$/i;

export type SendParse = { ok: true; message: OutgoingMessage } | { ok: false; status: number; error: string };

const refuse = (status: number, error: string): SendParse => ({ ok: false, status, error });

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

function fromFields(body: Record<string, unknown>): SendParse {
  const to = text(body['to'], FIELD_LIMITS.to);
  if (!to || !ADDRESS.test(to)) return refuse(400, '"to" must be one e-mail address');
  const subject = text(body['subject'], FIELD_LIMITS.subject);
  if (!subject || /[\r\n]/.test(subject)) return refuse(400, '"subject" must be one non-empty line');
  if (typeof body['text'] !== 'string' || body['text'].length === 0)
    return refuse(400, '"text" must be a non-empty string');
  const html = body['html'];
  if (html !== undefined && typeof html !== 'string') return refuse(400, '"html" must be a string');
  const kind = body['kind'] ?? 'message';
  if (typeof kind !== 'string' || !KIND.test(kind) || kind.length > FIELD_LIMITS.kind)
    return refuse(400, '"kind" must be a short word');
  const message: OutgoingMessage = { channel: 'email', to, kind, subject, text: body['text'] };
  if (html) message.html = html;
  return { ok: true, message };
}

/** Reads and checks a send request: a JSON object {to, subject, text, html?, kind?}. */
export async function parseSendRequest(req: IncomingMessage): Promise<SendParse> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) return refuse(415, 'Content-Type must be application/json');
  let raw: Buffer;
  try {
    raw = await readBody(req, SEND_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return refuse(413, `message larger than ${SEND_BODY_LIMIT} bytes`);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return refuse(400, 'body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return refuse(400, 'body must be a JSON object');
  return fromFields(body as Record<string, unknown>);
}
