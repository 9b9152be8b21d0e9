import { storableText } from './security/form-input.ts';

/** A JSON answer from one of the app's own endpoints; never cached, since it is per caller. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The request body as JSON, or undefined when it is not JSON (the caller's schema then refuses it).
 * Its strings lose what the database cannot store (see storableText).
 */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text(), (_key, value: unknown) =>
      typeof value === 'string' ? storableText(value) : value,
    );
  } catch {
    return undefined;
  }
}
