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

/** Keeps the digits of a phone number and checks it is E.164 (stored without the `+`). */
export function validPhone(value: string): string {
  const phone = value.replace(/[^\d]/g, '');
  if (!/^[1-9]\d{4,14}$/.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)');
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
