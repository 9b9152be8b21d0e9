import { createUser } from '../accounts.ts';
import { banUntil, targetUser } from './admin-common.ts';
import { audit } from '../audit.ts';
import { requireAdmin } from '../authn.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { notFound, unprocessable, validationFailed } from '../errors.ts';
import { object, text, validEmail, validPhone } from '../params.ts';
import { assertPasswordAcceptable } from '../password-policy.ts';
import { hashPassword } from '../passwords.ts';
import { factorJson, loadUserJson } from '../user-json.ts';
import { factorsOf, findUserByEmail, findUserByPhone, type UserRow } from '../users.ts';

/**
 * A pagination parameter as GoTrue reads it: absent or empty takes the default, anything but
 * unsigned decimal digits is a 400 carrying Go's ParseUint message.
 */
function pageParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name) ?? '';
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw))
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
    );
  return Number(raw);
}

/** GET /admin/users?page=&per_page=: a page of users with X-Total-Count and Link headers. */
export async function listUsers(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  await requireAdmin(deps, request);
  const page = Math.max(pageParam(request.url, 'page', 1), 1);
  const perPage = Math.min(Math.max(pageParam(request.url, 'per_page', 50), 1), 1000);
  const { rows: counted } = await deps.db.query<{ n: number }>('select count(*)::int as n from auth.users');
  const total = Number(counted[0]?.n ?? 0);
  const { rows } = await deps.db.query<UserRow>(
    'select * from auth.users order by created_at desc, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const row of rows) users.push(await loadUserJson(deps.db, row));
  const last = Math.max(Math.ceil(total / perPage), 1);
  const base = `${deps.issuer}/admin/users`;
  const links: string[] = [];
  if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
  return json({ users, aud: 'authenticated' }, 200, {
    'x-total-count': String(total),
    link: links.join(', '),
  });
}

/** POST /admin/users: creates a user directly, confirmed when asked; no e-mail is sent. */
export async function createUserAdmin(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  await requireAdmin(deps, request);
  const { body } = request;
  const email = text(body, 'email') ? validEmail(text(body, 'email')) : null;
  const phone = text(body, 'phone') ? validPhone(text(body, 'phone')) : null;
  if (email && (await findUserByEmail(deps.db, email)))
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (phone && (await findUserByPhone(deps.db, phone)))
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  const password = text(body, 'password');
  if (password) assertPasswordAcceptable(password, deps.config);
  const passwordHash = password ? await hashPassword(password) : text(body, 'password_hash') || null;
  const user = await deps.db.transaction(async (tx) => {
    const created = await createUser(tx, {
      ...(text(body, 'id') ? { id: text(body, 'id') } : {}),
      email,
      phone,
      passwordHash,
      userMetadata: object(body, 'user_metadata') ?? object(body, 'data') ?? {},
      appMetadata: object(body, 'app_metadata') ?? {},
      emailConfirmed: body['email_confirm'] === true,
      phoneConfirmed: body['phone_confirm'] === true,
      role: text(body, 'role') || 'authenticated',
      bannedUntil: banUntil(body['ban_duration']) ?? null,
    });
    await audit(tx, 'user_signedup', created, request.ip, { provider: 'admin' }, 'team');
    return created;
  });
  return json(await loadUserJson(deps.db, user));
}

export async function getUserAdmin(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  return json(await loadUserJson(deps.db, await targetUser(deps, request)));
}

export { updateUserAdmin } from './admin-update.ts';

/** DELETE /admin/users/{id}: removes the user (or, with should_soft_delete, anonymises it). */
export async function deleteUserAdmin(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const user = await targetUser(deps, request);
  await deps.db.transaction(async (tx) => {
    if (request.body['should_soft_delete'] === true) {
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
            raw_user_meta_data = '{}', updated_at = now() where id = $1`,
        [user.id],
      );
      await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      await tx.query('delete from auth.identities where user_id = $1', [user.id]);
    } else await tx.query('delete from auth.users where id = $1', [user.id]);
    await audit(tx, 'user_deleted', user, request.ip, {}, 'team');
  });
  return json({});
}

export async function listFactorsAdmin(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const user = await targetUser(deps, request);
  return json((await factorsOf(deps.db, user.id)).map(factorJson));
}

export async function deleteFactorAdmin(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const user = await targetUser(deps, request);
  const factor = (await factorsOf(deps.db, user.id)).find((f) => f.id === request.params['factorId']);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  await deps.db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  return json(factorJson(factor));
}
