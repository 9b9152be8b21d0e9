import { requireUser } from '../authn.ts';
import { json, type AuthDeps, type AuthRequest, type Reply } from '../deps.ts';
import { notFound, unprocessable, validationFailed } from '../errors.ts';
import { identitiesOf } from '../users.ts';

function assertManualLinking(deps: AuthDeps): void {
  if (!deps.config.enableManualLinking)
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/** GET /user/identities/authorize: linking needs an OAuth provider, and none is configured locally. */
export async function linkIdentity(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  await requireUser(deps, request);
  assertManualLinking(deps);
  throw validationFailed('Unsupported provider: provider is not enabled');
}

/** DELETE /user/identities/{id}: unlinks an identity, never the last one. */
export async function unlinkIdentity(deps: AuthDeps, request: AuthRequest): Promise<Reply> {
  const { user } = await requireUser(deps, request);
  assertManualLinking(deps);
  const identities = await identitiesOf(deps.db, user.id);
  const target = identities.find((identity) => identity.id === request.params['id']);
  if (!target) throw unprocessable('identity_not_found', "Identity doesn't exist");
  if (identities.length <= 1)
    throw unprocessable(
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  await deps.db.transaction(async (tx) => {
    await tx.query('delete from auth.identities where id = $1', [target.id]);
    await tx.query(
      `update auth.users set raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
          coalesce((select jsonb_agg(distinct provider) from auth.identities where user_id = $1), '[]')),
          updated_at = now()
        where id = $1`,
      [user.id],
    );
    if (target.provider === 'email')
      await tx.query(`update auth.users set email = null, email_confirmed_at = null where id = $1`, [
        user.id,
      ]);
    if (target.provider === 'phone')
      await tx.query(`update auth.users set phone = null, phone_confirmed_at = null where id = $1`, [
        user.id,
      ]);
  });
  return json({});
}
