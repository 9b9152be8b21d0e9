import { audit } from '../audit.ts';
import { requireUser, type Caller } from '../authn.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { AuthError, badRequest, forbidden, unprocessable } from '../errors.ts';
import { createFlowState, readPkce } from '../flow-state.ts';
import { limitByIp } from '../limits.ts';
import { deliverAll, type Outbox } from '../mail.ts';
import { sendEmailChange, sendPhoneCode, sendReauthentication } from '../account-messages.ts';
import { findByCode } from '../one-time-tokens.ts';
import { mergeMetadata, object, text, validEmail, validPhone } from '../params.ts';
import { assertPasswordAcceptable } from '../password-policy.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { loadUserJson } from '../user-json.ts';
import { factorsOf, findUserByEmail, findUserByPhone, findUserById } from '../users.ts';

export async function getUser(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const { user } = await requireUser(deps, request);
  return json(await loadUserJson(deps.db, user));
}

const proved = (caller: Caller, method: string) =>
  Array.isArray(caller.claims['amr']) &&
  (caller.claims['amr'] as { method?: string }[]).some((entry) => entry.method === method);

/** A password change needs the mailed nonce when secure_password_change is on (not after recovery). */
async function checkPasswordChange(deps: AuthDeps, caller: Caller, password: string, nonce: string) {
  const { user } = caller;
  if (deps.config.email.securePasswordChange && !proved(caller, 'recovery')) {
    if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
    const token = await findByCode(deps.db, user.email || user.phone || '', nonce, [
      'reauthentication_token',
    ]);
    if (!token || Number(token.age) > deps.config.email.otpExpiry)
      throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  }
  if (user.encrypted_password && (await verifyPassword(deps.db, password, user.encrypted_password)))
    throw unprocessable('same_password', 'New password should be different from the old password.');
}

async function checkUniqueness(deps: AuthDeps, caller: Caller, email: string, phone: string) {
  if (email && email !== caller.user.email) {
    const other = await findUserByEmail(deps.db, email);
    if (other && other.id !== caller.user.id)
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (phone && phone !== caller.user.phone && (await findUserByPhone(deps.db, phone)))
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
}

/** PUT /user: metadata, password, e-mail and phone changes of the signed-in user. */
export async function updateUser(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const caller = await requireUser(deps, request);
  const { user, session } = caller;
  const { body } = request;
  const email = text(body, 'email') ? validEmail(text(body, 'email')) : '';
  const phone = text(body, 'phone') ? validPhone(text(body, 'phone')) : '';
  const password = typeof body['password'] === 'string' ? body['password'] : null;
  if (password !== null) assertPasswordAcceptable(password, deps.config);
  if (body['app_metadata'] !== undefined && body['app_metadata'] !== null)
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  const changesEmail = Boolean(email && email !== user.email);
  const changesPhone = Boolean(phone && phone !== user.phone);
  const verified = (await factorsOf(deps.db, user.id)).some((f) => f.status === 'verified');
  if (verified && session?.aal !== 'aal2' && (password || changesEmail || changesPhone))
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  await checkUniqueness(deps, caller, email, phone);
  if (password !== null) await checkPasswordChange(deps, caller, password, text(body, 'nonce'));
  if (changesEmail || changesPhone) limitByIp(deps, request, 'sign_in_sign_ups');
  const passwordHash = password !== null ? await hashPassword(password) : null;
  const pkce = readPkce(body);
  const data = object(body, 'data');
  const outbox: Outbox = [];

  const updated = await deps.db.transaction(async (tx) => {
    if (passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        passwordHash,
      ]);
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
      await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
        user.id,
        session?.id ?? null,
      ]);
      await audit(tx, 'user_updated_password', user, request.ip);
    }
    if (data) {
      const current = await findUserById(tx, user.id);
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(current?.raw_user_meta_data ?? {}, data)),
      ]);
    }
    const fresh = (await findUserById(tx, user.id)) ?? user;
    if (changesEmail) {
      if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
      await sendEmailChange(deps, tx, fresh, email, outbox, {
        redirectTo: request.redirectTo,
        pkce: Boolean(pkce),
      });
    }
    if (changesPhone) await sendPhoneCode(deps, tx, fresh, phone, 'phone_change', outbox);
    await audit(tx, 'user_modified', user, request.ip);
    return (await findUserById(tx, user.id)) ?? fresh;
  });
  await deliverAll(deps, outbox);
  return json(await loadUserJson(deps.db, updated));
}

/** GET /reauthenticate: mails (or texts) a nonce that a password change then needs. */
export async function reauthenticate(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const { user } = await requireUser(deps, request);
  if (!user.email && !user.phone)
    throw unprocessable(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  const outbox: Outbox = [];
  await deps.db.transaction(async (tx) => {
    await audit(tx, 'user_reauthenticate_requested', user, request.ip);
    await sendReauthentication(deps, tx, user, outbox);
  });
  await deliverAll(deps, outbox);
  return json({});
}
