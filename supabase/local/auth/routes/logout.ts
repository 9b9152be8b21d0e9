import { audit } from '../audit.ts';
import { requireUser } from '../authn.ts';
import type { AuthDeps, AuthRequest, Reply } from '../deps.ts';
import { validationFailed } from '../errors.ts';

/** POST /logout?scope=global|local|others: ends sessions server-side; answers 204. */
export async function logout(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const scope = request.url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed('Unsupported logout scope');
  const { user, session } = await requireUser(deps, request);
  await deps.db.transaction(async (tx) => {
    if (scope === 'global' || !session)
      await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    else if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [session.id]);
    else await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
    await audit(tx, 'logout', user, request.ip, { scope });
  });
  return { status: 204 };
}
