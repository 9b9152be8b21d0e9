import type { Queryable } from '../../db/types.ts';
import { createUser, reloadUser } from '../accounts.ts';
import { audit } from '../audit.ts';
import { requireAdmin } from '../authn.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { notFound, unprocessable, validationFailed } from '../errors.ts';
import { deliverAll, verifyLink, type Outbox } from '../mail.ts';
import { sendInvite } from '../messages.ts';
import { issueToken, type TokenType } from '../one-time-tokens.ts';
import { object, text, validEmail } from '../params.ts';
import { assertPasswordAcceptable } from '../password-policy.ts';
import { hashPassword } from '../passwords.ts';
import { loadUserJson } from '../user-json.ts';
import { findUserByEmail, type UserRow } from '../users.ts';

const linkTypes = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];
const emailTaken = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

interface Prepared {
  user: UserRow;
  tokenType: TokenType;
  relatesTo: string;
  verification: string;
}

async function prepare(
  tx: Queryable,
  type: string,
  email: string,
  body: Record<string, unknown>,
  hash: string | null,
): Promise<Prepared> {
  let user = await findUserByEmail(tx, email);
  const data = object(body, 'data') ?? {};
  if (type === 'signup' || type === 'invite') {
    if (user?.email_confirmed_at) throw emailTaken();
    user ??= await createUser(tx, { email, passwordHash: hash, userMetadata: data });
    if (type === 'invite')
      await tx.query('update auth.users set invited_at = now() where id = $1', [user.id]);
    return { user, tokenType: 'confirmation_token', relatesTo: email, verification: type };
  }
  if (!user) throw notFound('user_not_found', 'User with this email not found');
  if (type === 'magiclink' || type === 'recovery')
    return { user, tokenType: 'recovery_token', relatesTo: email, verification: type };
  const newEmail = validEmail(text(body, 'new_email'));
  if (await findUserByEmail(tx, newEmail)) throw emailTaken();
  await tx.query(
    'update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1',
    [user.id, newEmail],
  );
  const other = type === 'email_change_new' ? 'email_change_token_current' : 'email_change_token_new';
  const { rows: pending } = await tx.query(
    'select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2',
    [user.id, other],
  );
  // The other half is created once, so generating both links leaves both valid.
  if (pending.length === 0)
    await issueToken(tx, user.id, other, other === 'email_change_token_new' ? newEmail : email);
  return type === 'email_change_new'
    ? { user, tokenType: 'email_change_token_new', relatesTo: newEmail, verification: 'email_change' }
    : { user, tokenType: 'email_change_token_current', relatesTo: email, verification: 'email_change' };
}

/** POST /admin/generate_link: the link and code an e-mail would carry, without sending it. */
export async function generateLink(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  await requireAdmin(deps, request);
  const { body } = request;
  const type = text(body, 'type');
  if (!linkTypes.includes(type)) throw validationFailed('Invalid email action link type requested');
  const email = validEmail(text(body, 'email'));
  const password = text(body, 'password');
  if (type === 'signup') {
    if (!password) throw validationFailed('Signup requires a valid password');
    assertPasswordAcceptable(password, deps.config);
  }
  const hash = password ? await hashPassword(password) : null;
  const result = await deps.db.transaction(async (tx) => {
    const prepared = await prepare(tx, type, email, body, hash);
    const { otp, hash: tokenHash } = await issueToken(
      tx,
      prepared.user.id,
      prepared.tokenType,
      prepared.relatesTo,
    );
    await audit(tx, 'user_recovery_requested', prepared.user, request.ip, { link_type: type }, 'team');
    const user = await reloadUser(tx, prepared.user.id);
    return {
      ...(await loadUserJson(tx, user)),
      action_link: verifyLink(deps, tokenHash, prepared.verification, request.redirectTo),
      email_otp: otp,
      hashed_token: tokenHash,
      verification_type: prepared.verification,
      redirect_to: request.redirectTo,
    };
  });
  return json(result);
}

/** POST /invite: creates the user and mails an invitation link. */
export async function invite(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  await requireAdmin(deps, request);
  const email = validEmail(text(request.body, 'email'));
  const outbox: Outbox = [];
  const user = await deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) throw emailTaken();
    const target =
      existing ?? (await createUser(tx, { email, userMetadata: object(request.body, 'data') ?? {} }));
    await audit(tx, 'user_invited', target, request.ip, {}, 'team');
    await sendInvite(deps, tx, target, outbox, request.redirectTo);
    return reloadUser(tx, target.id);
  });
  await deliverAll(deps, outbox);
  return json(await loadUserJson(deps.db, user));
}
