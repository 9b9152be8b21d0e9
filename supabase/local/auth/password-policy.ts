import { readFileSync } from 'node:fs';
import { AuthError, validationFailed } from './errors.ts';

/** bcrypt, which GoTrue uses, reads at most 72 bytes; longer passwords are refused the same way. */
export const maxPasswordBytes = 72;

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

/** Unipath's policy: a minimum length, no composition rules, and no common or breached password. */
export function passwordWeakness(password: string, minLength: number): PasswordWeakness | null {
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  if (commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : null;
}

/** Throws the errors GoTrue answers for a password that may not be set. */
export function assertPasswordAcceptable(password: string, minLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > maxPasswordBytes)
    throw validationFailed(`Password cannot be longer than ${maxPasswordBytes} characters`);
  const weakness = passwordWeakness(password, minLength);
  if (weakness)
    throw new AuthError(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    });
}
