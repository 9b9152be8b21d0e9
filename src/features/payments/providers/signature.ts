import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed notification may be before it is refused as a replay. */
export const NOTICE_TOLERANCE_SECONDS = 300;

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signNotice(body: string, secret: string, at: number = Date.now()): string {
  const t = Math.floor(at / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${mac}`;
}

/** Whether a header signs this body with this secret, recently enough. */
export function signatureProblem(
  body: string,
  header: string | null,
  secret: string,
  now: number = Date.now(),
): string | null {
  if (!header) return 'The notification is not signed.';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return 'The signature cannot be read.';
  if (Math.abs(now / 1000 - t) > NOTICE_TOLERANCE_SECONDS)
    return 'The notification is too old or from the future.';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'The signature does not match.';
  return null;
}
