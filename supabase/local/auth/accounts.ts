import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import type { UserRow } from './users.ts';
import { isPostgresError } from '../db/types.ts';

export interface NewUser {
  id?: string;
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  anonymous?: boolean;
  role?: string;
  bannedUntil?: Date | null;
}

/** Inserts a user and its identity (email or phone provider), as GoTrue's sign-up does. */
export async function createUser(tx: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const provider = input.email ? 'email' : input.phone ? 'phone' : null;
  const appMetadata = provider
    ? { provider, providers: [provider], ...(input.appMetadata ?? {}) }
    : { ...(input.appMetadata ?? {}) };
  let row: UserRow;
  try {
    const { rows } = await tx.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
          raw_user_meta_data, email_confirmed_at, phone_confirmed_at, is_anonymous, banned_until, created_at, updated_at,
          is_super_admin)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5, $6, $7,
          case when $8 then now() end, case when $9 then now() end, $10, $11, now(), now(), false)
       returning *`,
      [
        id,
        input.role ?? 'authenticated',
        input.email ?? null,
        input.phone ?? null,
        input.passwordHash ?? '',
        JSON.stringify(appMetadata),
        JSON.stringify(input.userMetadata ?? {}),
        Boolean(input.emailConfirmed && input.email),
        Boolean(input.phoneConfirmed && input.phone),
        input.anonymous ?? false,
        input.bannedUntil ?? null,
      ],
    );
    row = rows[0] as UserRow;
  } catch (error) {
    // A trigger of the project failing on auth.users is reported the way GoTrue reports it.
    if (isPostgresError(error) && error.code !== '23505')
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    throw error;
  }
  if (provider) await addIdentity(tx, row, provider, input.userMetadata ?? {});
  return row;
}

export async function addIdentity(
  tx: Queryable,
  user: UserRow,
  provider: 'email' | 'phone',
  extra: Record<string, unknown> = {},
): Promise<void> {
  const data: Record<string, unknown> = {
    ...extra,
    sub: user.id,
    email_verified: Boolean(user.email_confirmed_at),
    phone_verified: Boolean(user.phone_confirmed_at),
  };
  if (provider === 'email') data['email'] = user.email;
  else data['phone'] = user.phone;
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, id)
     values ($1, $2, $3, $4, now(), now(), $5) on conflict (provider_id, provider) do nothing`,
    [user.id, user.id, JSON.stringify(data), provider, randomUUID()],
  );
  if (provider === 'email' || provider === 'phone') {
    await tx.query(
      `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'), '{providers}',
          (select coalesce(jsonb_agg(distinct p), '[]') from (
             select jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]')) as p
             union select $2) s))
       where id = $1`,
      [user.id, provider],
    );
  }
}

/** Marks the e-mail address confirmed, in the user, its metadata and its identity. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}'
      where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export async function confirmPhone(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), updated_at = now(),
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"phone_verified": true}'
      where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}', updated_at = now()
      where user_id = $1 and provider = 'phone'`,
    [userId],
  );
}

export async function reloadUser(tx: Queryable, id: string): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] as UserRow;
}
