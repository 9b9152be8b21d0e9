import type { ServiceRequest, StackContext } from '../context.ts';
import { apiRoles, runAs } from '../db/request-context.ts';
import type { Queryable } from '../db/types.ts';
import { errors, fromDatabase } from './errors.ts';

/** Who a storage request acts as, from its verified JWT. */
export interface StorageCaller {
  role: string;
  claims: Record<string, unknown>;
  /** The JWT `sub`, when there is one. */
  sub: string | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner columns Storage fills: `owner` only for uuid subjects, `owner_id` always. */
export function ownerOf(caller: StorageCaller): { owner: string | null; ownerId: string | null } {
  return { owner: caller.sub && uuidPattern.test(caller.sub) ? caller.sub : null, ownerId: caller.sub };
}

/** Verifies the bearer token (the user's, or the one behind the API key) as Storage does. */
export async function identify(ctx: StackContext, request: ServiceRequest): Promise<StorageCaller> {
  const token = request.caller.bearer;
  if (!token) throw errors.accessDenied('Invalid JWT');
  let claims: Record<string, unknown>;
  try {
    claims = (await ctx.keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    throw errors.accessDenied((error as Error).message || 'Invalid JWT');
  }
  const role = typeof claims['role'] === 'string' ? claims['role'] : 'anon';
  if (!apiRoles.has(role)) throw errors.accessDenied(`role ${role} is not allowed`);
  return { role, claims, sub: typeof claims['sub'] === 'string' ? claims['sub'] : null };
}

/** Runs `fn` with the caller's role and claims so the project's policies decide. */
export async function asCaller<T>(
  ctx: StackContext,
  request: ServiceRequest,
  caller: StorageCaller,
  fn: (tx: Queryable) => Promise<T>,
  readOnly = false,
): Promise<T> {
  try {
    return await runAs(
      ctx.db,
      {
        role: caller.role,
        claims: caller.claims,
        method: request.req.method ?? 'GET',
        path: request.url.pathname,
        readOnly,
      },
      fn,
    );
  } catch (error) {
    throw fromDatabase(error) ?? error;
  }
}
