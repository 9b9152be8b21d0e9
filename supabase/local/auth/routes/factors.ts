import { createHash, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { requireUser, type Caller } from '../authn.ts';
import { limitByIp } from '../limits.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { forbidden, notFound, unprocessable, validationFailed } from '../errors.ts';
import { deliverAll, sms, takeSendBudget } from '../mail.ts';
import { otpCode } from '../one-time-tokens.ts';
import { text, validPhone } from '../params.ts';
import { newTotpSecret, totpUri } from '../totp.ts';
import { factorsOf, type FactorRow } from '../users.ts';

const challengeSeconds = 300;

async function mfaCaller(deps: AuthDeps, request: AuthRequest): Promise<Caller> {
  const caller = await requireUser(deps, request);
  if (caller.user.is_anonymous)
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  return caller;
}

async function ownFactor(deps: AuthDeps, caller: Caller, id: string | undefined): Promise<FactorRow> {
  const factor = (await factorsOf(deps.db, caller.user.id)).find((f) => f.id === id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

function assertVerifyEnabled(deps: AuthDeps, factor: FactorRow): void {
  if (factor.factor_type === 'totp' && !deps.config.mfa.totpVerify)
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  if (factor.factor_type === 'phone' && !deps.config.mfa.phoneVerify)
    throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
}

function checkEnrollAllowed(
  deps: AuthDeps,
  caller: Caller,
  factors: FactorRow[],
  type: string,
  name: string,
) {
  if (type !== 'totp' && type !== 'phone') throw validationFailed('factor_type needs to be totp or phone');
  if (type === 'totp' && !deps.config.mfa.totpEnroll)
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  if (type === 'phone' && !deps.config.mfa.phoneEnroll)
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factors.some((f) => f.status === 'verified') && caller.session?.aal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  if (name && factors.some((f) => f.friendly_name === name))
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${name}" for this user already exists`,
    );
  if (factors.length >= deps.config.mfa.maxFactors)
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
}

/** POST /factors: enrols a TOTP (secret, otpauth URI and QR code) or phone factor, unverified. */
export async function enroll(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const caller = await mfaCaller(deps, request);
  const type = text(request.body, 'factor_type');
  const name = text(request.body, 'friendly_name');
  checkEnrollAllowed(deps, caller, await factorsOf(deps.db, caller.user.id), type, name);
  const id = randomUUID();
  const phone = type === 'phone' ? validPhone(text(request.body, 'phone')) : null;
  const secret = type === 'totp' ? newTotpSecret() : null;
  await deps.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
     values ($1, $2, $3, $4, 'unverified', now(), now(), $5, $6)`,
    [id, caller.user.id, name, type, secret, phone],
  );
  if (type === 'phone') return json({ id, type, friendly_name: name, phone });
  const issuer = text(request.body, 'issuer') || new URL(deps.config.siteUrl).host;
  const account = caller.user.email || caller.user.phone || caller.user.id;
  const uri = totpUri(secret ?? '', issuer, account);
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return json({ id, type, friendly_name: name, totp: { qr_code: qr, secret, uri } });
}

/** POST /factors/{id}/challenge: opens a challenge (texting the code for a phone factor). */
export async function challenge(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'mfa');
  const caller = await mfaCaller(deps, request);
  const factor = await ownFactor(deps, caller, request.params['id']);
  assertVerifyEnabled(deps, factor);
  const id = randomUUID();
  let code: string | null = null;
  if (factor.factor_type === 'phone') {
    takeSendBudget(deps, 'sms');
    code = otpCode(6);
  }
  const hashed = code ? createHash('sha256').update(code).digest('hex') : null;
  await deps.db.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code) values ($1, $2, now(), $3, $4)`,
    [id, factor.id, /^[\d.:a-f]+$/i.test(request.ip) ? request.ip : '0.0.0.0', hashed],
  );
  await deps.db.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
  if (code && factor.phone) await deliverAll(deps, [sms(factor.phone, 'mfa_sms', code)]);
  return json({ id, type: factor.factor_type, expires_at: Math.floor(Date.now() / 1000) + challengeSeconds });
}

export { verify, unenroll } from './factor-verify.ts';
