import type { Queryable } from '../db/types.ts';
import { addIdentity, confirmEmail, confirmPhone, reloadUser } from './accounts.ts';
import { audit } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { forbidden } from './errors.ts';
import { deleteToken, type OneTimeToken, type TokenType } from './one-time-tokens.ts';
import { identitiesOf, isBanned, type UserRow } from './users.ts';

export const verifyTypes = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
  'sms',
  'phone_change',
] as const;
export type VerifyType = (typeof verifyTypes)[number];

export const tokenTypesFor: Record<VerifyType, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  sms: ['confirmation_token'],
  phone_change: ['phone_change_token'],
};

/** The amr method a verified token proves, and the PKCE flow it belongs to. */
export const amrFor: Record<VerifyType, string> = {
  signup: 'otp',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email: 'otp',
  email_change: 'email_change',
  sms: 'otp',
  phone_change: 'otp',
};

export function flowMethodFor(type: VerifyType, token: OneTimeToken): string {
  if (token.token_type === 'confirmation_token' && type !== 'invite') return 'email/signup';
  if (type === 'email') return 'magiclink';
  return type;
}

export const halfwayMessage =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function completeEmailChange(tx: Queryable, user: UserRow): Promise<void> {
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_confirm_status = 0,
        email_change_token_new = '', email_change_token_current = '', updated_at = now() where id = $1`,
    [user.id],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`,
    [user.id],
  );
  await confirmEmail(tx, user.id);
  const updated = await reloadUser(tx, user.id);
  const identities = await identitiesOf(tx, user.id);
  if (identities.some((i) => i.provider === 'email'))
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [user.id, updated.email],
    );
  else await addIdentity(tx, updated, 'email');
}

async function completePhoneChange(tx: Queryable, user: UserRow): Promise<void> {
  await tx.query(
    `update auth.users set phone = phone_change, phone_change = '', updated_at = now() where id = $1`,
    [user.id],
  );
  await confirmPhone(tx, user.id);
  const updated = await reloadUser(tx, user.id);
  const identities = await identitiesOf(tx, user.id);
  if (!identities.some((i) => i.provider === 'phone')) await addIdentity(tx, updated, 'phone');
}

/**
 * Applies a verified one-time token: confirms the address, finishes a change, or (first half of a
 * double-confirmed e-mail change) only records the click. Returns the user, or null when halfway.
 */
export async function applyToken(
  deps: AuthDeps,
  tx: Queryable,
  token: OneTimeToken,
  ip: string,
): Promise<UserRow | null> {
  const sms = token.token_type === 'phone_change_token' || !token.relates_to.includes('@');
  const expiry = sms ? deps.config.sms.otpExpiry : deps.config.email.otpExpiry;
  const user = await reloadUser(tx, token.user_id);
  if (Number(token.age) > expiry || !user || isBanned(user))
    throw forbidden('otp_expired', 'Token has expired or is invalid');
  await deleteToken(tx, token.id);
  switch (token.token_type) {
    case 'confirmation_token':
    case 'recovery_token':
      if (sms) await confirmPhone(tx, user.id);
      else await confirmEmail(tx, user.id);
      break;
    case 'email_change_token_new':
    case 'email_change_token_current': {
      const { rows } = await tx.query(
        `select 1 from auth.one_time_tokens where user_id = $1 and token_type like 'email_change_token_%'`,
        [user.id],
      );
      if (rows.length > 0) {
        await tx.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
        return null;
      }
      await completeEmailChange(tx, user);
      break;
    }
    case 'phone_change_token':
      await completePhoneChange(tx, user);
      break;
    default:
      throw forbidden('otp_expired', 'Token has expired or is invalid');
  }
  const action =
    token.token_type === 'confirmation_token'
      ? 'user_signedup'
      : token.token_type === 'recovery_token'
        ? 'login'
        : 'user_modified';
  await audit(tx, action, user, ip, { token_type: token.token_type });
  return reloadUser(tx, user.id);
}
