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

export interface PasswordPolicy {
  minimumPasswordLength: number;
  refuseLeakedPasswords: boolean;
}

/** A minimum length, no composition rules, and (when the policy says so) no common password. */
export function passwordWeakness(password: string, policy: PasswordPolicy): PasswordWeakness | null {
  const minLength = policy.minimumPasswordLength;
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  if (policy.refuseLeakedPasswords && commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : null;
}

/** Throws the errors GoTrue answers for a password that may not be set. */
export function assertPasswordAcceptable(password: string, policy: PasswordPolicy): void {
  if (Buffer.byteLength(password, 'utf8') > maxPasswordBytes)
    throw validationFailed(`Password cannot be longer than ${maxPasswordBytes} characters`);
  const weakness = passwordWeakness(password, policy);
  if (weakness)
    throw new AuthError(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    });
}
