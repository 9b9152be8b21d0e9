import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'
  | 'phone_change_token';

export interface OneTimeToken {
  id: string;
  user_id: string;
  token_type: TokenType;
  token_hash: string;
  relates_to: string;
  age: number;
}

/** A numeric one-time code of `length` digits. */
export function otpCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** GoTrue's token hash: hex SHA-224 of the address and the code; links carry it, never the code. */
export const tokenHash = (relatesTo: string, otp: string) =>
  createHash('sha224')
    .update(relatesTo + otp)
    .digest('hex');

/** Replaces the user's token of this type by a new one and returns the code and its hash. */
export async function issueToken(
  tx: Queryable,
  userId: string,
  type: TokenType,
  relatesTo: string,
  options: { length?: number; pkce?: boolean } = {},
): Promise<{ otp: string; hash: string }> {
  const otp = otpCode(options.length ?? 6);
  const hash = (options.pkce ? 'pkce_' : '') + tokenHash(relatesTo, otp);
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set id = excluded.id, token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           created_at = now(), updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
  return { otp, hash };
}

const columns = `id, user_id, token_type, token_hash, relates_to,
  extract(epoch from (now()::timestamp - created_at))::float8 as age`;

/** Finds a live token by the hash a link carries. */
export async function findByHash(
  db: Queryable,
  hash: string,
  types: TokenType[],
): Promise<OneTimeToken | null> {
  const { rows } = await db.query<OneTimeToken>(
    `select ${columns} from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[]) limit 1`,
    [hash, types],
  );
  return rows[0] ?? null;
}

/** Finds a live token by the address it was sent to and the code the user typed. */
export async function findByCode(
  db: Queryable,
  relatesTo: string,
  otp: string,
  types: TokenType[],
): Promise<OneTimeToken | null> {
  const hash = tokenHash(relatesTo, otp);
  const { rows } = await db.query<OneTimeToken>(
    `select ${columns} from auth.one_time_tokens
      where token_hash in ($1, 'pkce_' || $1) and lower(relates_to) = lower($2) and token_type = any($3::text[])
      limit 1`,
    [hash, relatesTo, types],
  );
  return rows[0] ?? null;
}

export async function deleteToken(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from auth.one_time_tokens where id = $1', [id]);
}
