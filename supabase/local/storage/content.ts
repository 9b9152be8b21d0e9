import { errors } from './errors.ts';

/** `text/plain;charset=UTF-8` → `text/plain`. */
export function essence(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a bucket's allow-list (entries like `image/png` or `image/*`) admits the type. */
export function mimeAllowed(mime: string, allowed: string[]): boolean {
  const [type, subtype] = essence(mime).split('/');
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

/**
 * Storage's check of an upload's type: in a bucket with an allow-list, the declared type must be
 * on it. The bytes are not looked at, on the platform or here; whether they are what the type
 * says is for the app to check before it stores them.
 */
export function checkMime(mime: string, allowed: string[] | null): void {
  if (allowed && allowed.length > 0 && !mimeAllowed(mime, allowed)) throw errors.invalidMime(mime);
}
