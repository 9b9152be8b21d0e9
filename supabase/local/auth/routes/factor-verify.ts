import { createHash } from 'node:crypto';
import { audit } from '../audit.ts';
import { requireUser } from '../authn.ts';
import { limitByIp } from '../limits.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import { text } from '../params.ts';
import { addAmrClaim, insertRefreshToken, sessionBody, type SessionRow } from '../sessions.ts';
import { verifyTotp } from '../totp.ts';
import { factorsOf, findUserById } from '../users.ts';

const challengeSeconds = 300;

interface ChallengeRow {
  id: string;
  ip_address: string;
  otp_code: string | null;
  verified_at: Date | null;
  age: number;
}

/** POST /factors/{id}/verify: checks the code, raises the session to aal2 and answers a new session. */
export async function verify(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  limitByIp(deps, request, 'mfa');
  const caller = await requireUser(deps, request);
  const factor = (await factorsOf(deps.db, caller.user.id)).find((f) => f.id === request.params['id']);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  if (factor.factor_type === 'totp' && !deps.config.mfa.totpVerify)
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  if (!caller.session)
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  const session: SessionRow = caller.session;
  const { rows } = await deps.db.query<ChallengeRow>(
    `select id, host(ip_address) as ip_address, otp_code, verified_at,
            extract(epoch from now() - created_at)::float8 as age
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [text(request.body, 'challenge_id'), factor.id],
  );
  const found = rows[0];
  if (!found) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (found.verified_at || Number(found.age) > challengeSeconds)
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  const code = text(request.body, 'code');
  const ok =
    factor.factor_type === 'totp'
      ? verifyTotp(factor.secret ?? '', code)
      : found.otp_code === createHash('sha256').update(code).digest('hex');
  if (!ok) {
    await audit(
      deps.db,
      'verification_attempt',
      caller.user,
      request.ip,
      { factor_id: factor.id, result: 'failed' },
      'factor',
    );
    throw unprocessable(
      'mfa_verification_failed',
      factor.factor_type === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered',
    );
  }
  const body = await deps.db.transaction(async (tx) => {
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [found.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
      factor.id,
    ]);
    const { rows: updated } = await tx.query<SessionRow>(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1
       returning id, user_id, created_at, aal, factor_id`,
      [session.id, factor.id],
    );
    const method = factor.factor_type === 'totp' ? 'totp' : 'mfa/phone';
    await addAmrClaim(tx, session.id, method);
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
      [session.id],
    );
    const refreshToken = await insertRefreshToken(tx, session, null);
    await audit(
      tx,
      'verification_attempt',
      caller.user,
      request.ip,
      { factor_id: factor.id, result: 'verified' },
      'factor',
    );
    const user = (await findUserById(tx, caller.user.id)) ?? caller.user;
    return sessionBody(deps, tx, user, updated[0] ?? session, refreshToken, method);
  });
  return json(body);
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session; sessions it raised fall back to aal1. */
export async function unenroll(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const caller = await requireUser(deps, request);
  const factor = (await factorsOf(deps.db, caller.user.id)).find((f) => f.id === request.params['id']);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  if (factor.status === 'verified' && caller.session?.aal !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await deps.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
      factor.id,
    ]);
    await audit(tx, 'factor_deleted', caller.user, request.ip, { factor_id: factor.id }, 'factor');
  });
  return json({ id: factor.id });
}
