import { errors } from 'jose';
import { apiRoles } from '../db/request-context.ts';
import type { Keys } from '../keys.ts';
import { RestError } from './errors.ts';

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): RestError {
  return new RestError(401, code, message, {
    headers: {
      'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  });
}

function explain(error: unknown): RestError {
  if (error instanceof errors.JWTExpired) return jwtError('PGRST303', 'JWT expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return jwtError('PGRST303', 'JWT not yet valid');
    if (error.claim === 'iat') return jwtError('PGRST303', 'JWT issued at future');
    if (error.claim === 'aud') return jwtError('PGRST303', 'JWT not in audience');
    return jwtError('PGRST303', 'Parsing claims failed');
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return jwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return jwtError('PGRST301', 'JWT cryptographic operation failed');
  }
  if (error instanceof Error && error.message === 'unknown signing key') {
    return jwtError('PGRST301', 'No suitable key or wrong key type');
  }
  return jwtError('PGRST301', "JWT couldn't be decoded");
}

/** Verifies the bearer token and maps its `role` claim to the database role, as PostgREST does. */
export async function authenticate(keys: Keys, bearer: string | null): Promise<Caller> {
  if (bearer === null) return { role: 'anon', claims: {} };
  if (bearer === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
  const parts = bearer.split('.').length;
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  let claims: Record<string, unknown>;
  try {
    claims = { ...(await keys.verify(bearer)) };
  } catch (error) {
    throw explain(error);
  }
  const role = typeof claims['role'] === 'string' ? claims['role'] : 'anon';
  if (!apiRoles.has(role)) {
    throw new RestError(401, '22023', `role "${role}" does not exist`, {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  return { role, claims };
}
