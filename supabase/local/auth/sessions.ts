import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './deps.ts';
import { customizeAccessToken } from './hooks.ts';
import { loadUserJson } from './user-json.ts';
import type { UserRow } from './users.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  aal: string;
  factor_id: string | null;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh refresh token: 16 random lower-case letters and digits, like GoTrue's short tokens. */
export function randomToken(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const byte of bytes) {
    if (byte >= 252) continue;
    out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : randomToken(length);
}

export async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, randomUUID()],
  );
}

export async function insertRefreshToken(
  tx: Queryable,
  session: { id: string; user_id: string },
  parent: string | null,
): Promise<string> {
  const token = randomToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, session.user_id, parent, session.id],
  );
  return token;
}

/** Opens a session for a user who just proved `method` (password, otp, magiclink, recovery…). */
export async function createSession(
  tx: Queryable,
  userId: string,
  method: string,
  client: { ip: string; userAgent: string },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4) returning id, user_id, created_at, aal, factor_id`,
    [randomUUID(), userId, client.userAgent, /^[\d.:a-f]+$/i.test(client.ip) ? client.ip : null],
  );
  const session = rows[0] as SessionRow;
  await addAmrClaim(tx, session.id, method);
  return { session, refreshToken: await insertRefreshToken(tx, session, null) };
}

/**
 * Signs the access token for a session with GoTrue's claim set, after the Custom Access Token hook
 * (when configured) has had its say; `method` is how this token was earned (`password`,
 * `token_refresh`, `totp`…), which the hook receives as `authentication_method`.
 */
export async function signAccessToken(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  session: SessionRow,
  method: string,
) {
  const { rows } = await tx.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [session.id],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + deps.config.jwtExpiry;
  const claims = {
    iss: deps.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session.aal,
    amr: rows.map((r) => ({ method: r.method, timestamp: Number(r.at) })),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  const input = { user_id: user.id, claims, authentication_method: method };
  const token = await deps.stack.keys.sign(await customizeAccessToken(deps, tx, input));
  return { token, exp };
}

/** The token response GoTrue sends: access and refresh token, expiry and the user. */
export async function sessionBody(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  method: string,
): Promise<Record<string, unknown>> {
  const { token, exp } = await signAccessToken(deps, tx, user, session, method);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(tx, user),
  };
}

/** Signs a user in: records the sign-in, opens a session and answers with the token response. */
export async function signIn(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  method: string,
  client: { ip: string; userAgent: string },
): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<UserRow>(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
    [user.id],
  );
  await tx.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [user.id]);
  const { session, refreshToken } = await createSession(tx, user.id, method, client);
  return sessionBody(deps, tx, rows[0] ?? user, session, refreshToken, method);
}
