import type { StackContext } from '../context.ts';
import { errors } from './errors.ts';

export interface UrlClaims {
  url: string;
  scope: 'download' | 'upload';
  owner?: string | null;
  upsert?: boolean;
}

/** Signs a URL token: which object (`bucket/key`), for what, until when. */
export async function signUrl(ctx: StackContext, claims: UrlClaims, expiresIn: number): Promise<string> {
  const now = Math.floor(ctx.clock() / 1000);
  return ctx.keys.sign({ ...claims, iat: now, exp: now + expiresIn });
}

/**
 * Checks a URL token for exactly this object and scope. Expiry is checked to the second here:
 * URL tokens get none of the clock tolerance granted to session tokens.
 */
export async function verifyUrl(
  ctx: StackContext,
  token: string | null,
  url: string,
  scope: UrlClaims['scope'],
): Promise<UrlClaims> {
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
  let payload: Record<string, unknown>;
  try {
    payload = (await ctx.keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw errors.expiredToken();
    throw errors.invalidJwt((error as Error).message || 'Invalid JWT');
  }
  if (typeof payload['exp'] !== 'number' || payload['exp'] * 1000 <= ctx.clock()) throw errors.expiredToken();
  if (payload['url'] !== url || payload['scope'] !== scope) throw errors.invalidSignature();
  return payload as unknown as UrlClaims;
}

/** `expiresIn` must be a positive number of seconds. */
export function expiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1)
    throw errors.invalidRequest('body/expiresIn must be >= 1');
  return Math.floor(value);
}
