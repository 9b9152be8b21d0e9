import { Secret, TOTP } from 'otpauth';

/** The code (SHA-1, 30-second steps, 6 digits) an authenticator app shows for `secret` at `time`. */
export const totpCode = (secret: string, time = Date.now()): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: time,
  });
