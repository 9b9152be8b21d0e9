import type { JWTPayload } from 'jose';
import type { AuthDeps, AuthRequest } from './deps.ts';
import { AuthError, forbidden } from './errors.ts';
import type { SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

export interface Caller {
  user: UserRow;
  claims: JWTPayload & Record<string, unknown>;
  session: SessionRow | null;
}

const adminRoles = new Set(['service_role', 'supabase_admin']);

async function verifiedClaims(deps: AuthDeps, request: AuthRequest) {
  const token = request.caller.bearer;
  // The platform gateway forwards a legacy key without the Bearer prefix, which GoTrue refuses.
  const legacyKeyOnly = !request.req.headers.authorization && !request.caller.apiKey?.startsWith('sb_');
  if (!token || legacyKeyOnly)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return (await deps.stack.keys.verify(token)) as JWTPayload & Record<string, unknown>;
  } catch (error) {
    throw forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`,
    );
  }
}

/** The signed-in user behind the bearer token; its session must still exist, as GoTrue checks. */
export async function requireUser(deps: AuthDeps, request: AuthRequest): Promise<Caller> {
  const claims = await verifiedClaims(deps, request);
  if (typeof claims.sub !== 'string' || !claims.sub)
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(deps.db, claims.sub);
  if (!user || user.deleted_at)
    throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | null = null;
  const sessionId = claims['session_id'];
  if (typeof sessionId === 'string' && sessionId) {
    const { rows } = await deps.db.query<SessionRow>(
      'select id, user_id, created_at, aal, factor_id from auth.sessions where id = $1 and user_id = $2',
      [sessionId, user.id],
    );
    session = rows[0] ?? null;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims, session };
}

/** Admin endpoints need a token whose role is an admin role (the service_role key). */
export async function requireAdmin(deps: AuthDeps, request: AuthRequest): Promise<void> {
  const claims = await verifiedClaims(deps, request);
  if (typeof claims['role'] !== 'string' || !adminRoles.has(claims['role']))
    throw forbidden('not_admin', 'User not allowed');
}

/** Whether the caller's token carries an admin role (without failing when it does not). */
export async function isAdminCaller(deps: AuthDeps, request: AuthRequest): Promise<boolean> {
  try {
    await requireAdmin(deps, request);
    return true;
  } catch {
    return false;
  }
}
