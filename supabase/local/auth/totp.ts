import { Secret, TOTP } from 'otpauth';

/** The TOTP parameters GoTrue uses: SHA-1, 6 digits, 30-second steps. */
const totpFor = (secret: string, issuer = '', label = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new TOTP secret: 20 random bytes, base32 as authenticator apps read it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an authenticator app scans. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  totpFor(secret, issuer, account).toString();

/** Whether a 6-digit code is valid now, allowing one step of drift either way. */
export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret).validate({ token: code, timestamp: now, window: 1 }) !== null;
}
