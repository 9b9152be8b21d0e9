import { randomBytes, timingSafeEqual } from 'node:crypto';

export { CSRF_FIELD, CSRF_HEADER } from './csrf-field.ts';

export const CSRF_COOKIE = 'unipath-csrf';

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** 32 random bytes as 64 lowercase hex characters. */
export function generateCsrfToken(): string {
  return randomBytes(32).toString('hex');
}

export function isWellFormedCsrfToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/**
 * True when the submitted token equals the browser session's token. The comparison takes the
 * same time wherever the strings differ, so response timing reveals nothing about the token.
 */
export function verifyCsrfToken(expected: string | undefined, submitted: unknown): boolean {
  if (!isWellFormedCsrfToken(expected) || !isWellFormedCsrfToken(submitted)) return false;
  return timingSafeEqual(Buffer.from(expected, 'utf8'), Buffer.from(submitted, 'utf8'));
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}
