import { validationFailed } from './errors.ts';

/** A string field of a JSON body; empty when absent or not a string. */
export function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

/** An object field of a JSON body, or null. */
export function object(body: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const value = body[key];
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Lower-cases and checks an e-mail address as GoTrue does. */
export function validEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 255 || !emailPattern.test(email))
    throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

/**
 * A phone number as GoTrue takes it: a leading `+` and every space dropped, then the rest must be
 * E.164 digits (no leading 0, at most 15). Brackets, dashes and letters are refused, not stripped.
 */
export function validPhone(value: string): string {
  const phone = value.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)');
  return phone;
}

/** Merges metadata the way GoTrue does: keys are replaced and a null value deletes its key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
