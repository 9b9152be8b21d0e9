import type { Queryable } from '../db/types.ts';
import { audit } from './audit.ts';
import type { AuthDeps } from './deps.ts';
import { badRequest } from './errors.ts';
import { insertRefreshToken, sessionBody, type SessionRow } from './sessions.ts';
import { findUserById, isBanned } from './users.ts';

interface TokenRow {
  id: string;
  token: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  user_id: string;
  revoked_for: number;
}

async function activeToken(tx: Queryable, sessionId: string): Promise<TokenRow | null> {
  const { rows } = await tx.query<TokenRow>(
    `select id::text, token, revoked, parent, session_id, user_id, 0 as revoked_for from auth.refresh_tokens
      where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/**
 * The refresh grant with rotation: the token is swapped for a new one. A revoked token is still
 * honoured when it is the parent of the active one (the client lost the answer) or within the reuse
 * interval (concurrent tabs); any other reuse means the token leaked, so the session is ended.
 */
export async function refreshSession(
  deps: AuthDeps,
  token: string,
  client: { ip: string; userAgent: string },
): Promise<Record<string, unknown>> {
  return deps.db
    .transaction(async (tx) => {
      const { rows } = await tx.query<TokenRow>(
        `select id::text, token, revoked, parent, session_id, user_id,
              extract(epoch from now() - updated_at)::float8 as revoked_for
         from auth.refresh_tokens where token = $1 for update`,
        [token],
      );
      const current = rows[0];
      if (!current || !current.session_id)
        throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const { rows: sessions } = await tx.query<SessionRow>(
        'select id, user_id, created_at, aal, factor_id from auth.sessions where id = $1 for update',
        [current.session_id],
      );
      const session = sessions[0];
      if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: Session Expired');
      const user = await findUserById(tx, session.user_id);
      if (!user)
        throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

      let issued: string;
      if (current.revoked) {
        const active = await activeToken(tx, session.id);
        if (active && active.parent === current.token) issued = active.token;
        else if (Number(current.revoked_for) <= deps.config.refreshTokenReuseInterval)
          issued = await insertRefreshToken(tx, session, active?.token ?? current.token);
        else {
          await tx.query('delete from auth.sessions where id = $1', [session.id]);
          await audit(tx, 'token_revoked', user, client.ip, { reason: 'refresh_token_reused' }, 'token');
          return { reused: true } as Record<string, unknown>;
        }
      } else if (deps.config.refreshTokenRotation) {
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
          current.id,
        ]);
        issued = await insertRefreshToken(tx, session, current.token);
      } else issued = current.token;

      await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
        session.id,
      ]);
      await audit(tx, 'token_refreshed', user, client.ip, {}, 'token');
      return sessionBody(deps, tx, user, session, issued, 'token_refresh');
    })
    .then((body) => {
      // The session is ended in the transaction above; the error is raised once that has committed.
      if (body['reused'])
        throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return body;
    });
}
