import { confirmEmail, confirmPhone, reloadUser } from '../accounts.ts';
import { audit } from '../audit.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { unprocessable } from '../errors.ts';
import { mergeMetadata, object, text, validEmail, validPhone } from '../params.ts';
import { assertPasswordAcceptable } from '../password-policy.ts';
import { hashPassword } from '../passwords.ts';
import { loadUserJson } from '../user-json.ts';
import { findUserByEmail, findUserByPhone } from '../users.ts';
import { banUntil, targetUser } from './admin-common.ts';

/** PUT /admin/users/{id}: any field, metadata merged, bans set or lifted; no confirmation mail. */
export async function updateUserAdmin(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const user = await targetUser(deps, request);
  const { body } = request;
  const email = text(body, 'email') ? validEmail(text(body, 'email')) : null;
  const phone = text(body, 'phone') ? validPhone(text(body, 'phone')) : null;
  if (email && email !== user.email && (await findUserByEmail(deps.db, email)))
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (phone && phone !== user.phone && (await findUserByPhone(deps.db, phone)))
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  const password = text(body, 'password');
  if (password) assertPasswordAcceptable(password, deps.config);
  const passwordHash = password ? await hashPassword(password) : null;
  const ban = banUntil(body['ban_duration']);
  const userMetadata = object(body, 'user_metadata');
  const appMetadata = object(body, 'app_metadata');

  const updated = await deps.db.transaction(async (tx) => {
    const set = async (column: string, value: unknown) =>
      tx.query(`update auth.users set ${column} = $2, updated_at = now() where id = $1`, [user.id, value]);
    if (email) await set('email', email);
    if (phone) await set('phone', phone);
    if (passwordHash) await set('encrypted_password', passwordHash);
    if (text(body, 'role')) await set('role', text(body, 'role'));
    if (ban !== undefined) await set('banned_until', ban);
    if (userMetadata)
      await set('raw_user_meta_data', JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)));
    if (appMetadata)
      await set('raw_app_meta_data', JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)));
    if (body['email_confirm'] === true) await confirmEmail(tx, user.id);
    if (body['phone_confirm'] === true) await confirmPhone(tx, user.id);
    if (email)
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
          where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    await audit(tx, 'user_modified', user, request.ip, {}, 'team');
    return reloadUser(tx, user.id);
  });
  return json(await loadUserJson(deps.db, updated));
}
