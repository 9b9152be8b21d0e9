import { errors } from './errors.ts';

const bucketPattern = /^[\w!.*'() &$@=;:+,?-]+$/;

/** Bucket ids follow Storage's rule: its key charset without `/`, at most 100 characters. */
export function checkBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || name.trim() !== name)
    throw errors.invalidBucketName();
  if (!bucketPattern.test(name) || name === '.' || name === '..') throw errors.invalidBucketName();
  return name;
}

// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u001f\u007f]/;

/**
 * A key prefix or search text (which may be empty or end in `/`): refused, as a key would be, when
 * it holds a control character, NUL above all, which no text column can store.
 */
export function checkKeyPart(text: string): string {
  if (control.test(text)) throw errors.invalidKey(text);
  return text;
}

/**
 * Object keys: no leading `/`, no empty, `.` or `..` segment, no control characters, at most 1024
 * bytes. Keys never reach the filesystem (files are stored by version id), but a key that reads like
 * a path escape is refused all the same.
 */
export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0) throw errors.invalidKey(String(key ?? ''));
  const bad =
    key.startsWith('/') ||
    control.test(key) ||
    Buffer.byteLength(key) > 1024 ||
    key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '');
  if (bad) throw errors.invalidKey(key);
  return key;
}

/** Splits `bucket/some/key` (already below the route prefix) into its decoded parts; the key is checked. */
export function splitObjectPath(rest: string[]): { bucket: string; key: string } {
  const [bucket, ...segments] = rest;
  if (!bucket) throw errors.invalidBucketName();
  return { bucket, key: checkKey(segments.join('/')) };
}

/** Decodes path segments; a malformed escape is an invalid key. */
export function decodeSegments(path: string): string[] {
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw errors.invalidKey(segment);
      }
    });
}
