import { requireAdmin } from '../authn.ts';
import type { AuthDeps, AuthRequest } from '../deps.ts';
import { notFound, validationFailed } from '../errors.ts';
import { durationSeconds } from '../settings.ts';
import { findUserById, type UserRow } from '../users.ts';

const userMissing = () => notFound('user_not_found', 'User not found');

/** The user an admin request names in its path; 404 user_not_found when there is none. */
export async function targetUser(deps: AuthDeps, request: AuthRequest): Promise<UserRow> {
  await requireAdmin(deps, request);
  const id = request.params['id'] ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw validationFailed('user_id must be an UUID');
  const user = await findUserById(deps.db, id);
  if (!user) throw userMissing();
  return user;
}

/** "none" lifts a ban; a Go duration ("24h", "1h30m") bans until now plus that long. */
export function banUntil(value: unknown): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'none') return null;
  const seconds = durationSeconds(value, Number.NaN);
  if (!Number.isFinite(seconds) || typeof value !== 'string' || !/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value))
    throw validationFailed(`invalid format for ban duration: ${String(value)}`);
  return new Date(Date.now() + seconds * 1000);
}
