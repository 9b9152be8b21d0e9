import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  SignJWT,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';

/** The local development secret the Supabase CLI uses for its HS256 API keys. */
export const defaultJwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Opaque API keys in the new format, mapped to the anon and service_role JWTs. */
export const publishableKey = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const secretKey = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const apiKeyExpiry = 1983812996;

export interface Keys {
  anonKey: string;
  serviceRoleKey: string;
  /** The published verification keys (`/auth/v1/.well-known/jwks.json`). */
  jwks: { keys: JWK[] };
  /** Signs an access token with the current ES256 key; `exp` and `iat` are given by the caller. */
  sign(claims: JWTPayload): Promise<string>;
  /** Verifies an ES256 (by kid) or legacy HS256 token and returns its claims; throws when invalid. */
  verify(token: string): Promise<JWTPayload>;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
}

async function loadOrCreateSigningKey(file: string | undefined): Promise<StoredKey> {
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const stored: StoredKey = { kid: randomUUID(), privateJwk: await exportJWK(privateKey) };
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return stored;
}

async function hs256(secret: Uint8Array, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/**
 * The stack's keys: legacy HS256 API keys signed with the JWT secret (as the Supabase CLI issues
 * them) and an ES256 key for user sessions, kept in `signingKeyFile` so sessions survive a restart.
 */
export async function createKeys(
  options: { jwtSecret?: string; signingKeyFile?: string } = {},
): Promise<Keys> {
  const secret = new TextEncoder().encode(options.jwtSecret ?? defaultJwtSecret);
  const stored = await loadOrCreateSigningKey(options.signingKeyFile);
  const privateKey = (await importJWK({ ...stored.privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { d: _d, ...publicParts } = stored.privateJwk;
  const publicJwk: JWK = { ...publicParts, kid: stored.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;

  return {
    anonKey: await hs256(secret, { iss: 'supabase-demo', role: 'anon', exp: apiKeyExpiry }),
    serviceRoleKey: await hs256(secret, { iss: 'supabase-demo', role: 'service_role', exp: apiKeyExpiry }),
    jwks: { keys: [publicJwk] },
    sign: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' }).sign(privateKey),
    async verify(token) {
      const header = decodeProtectedHeader(token);
      if (header.alg === 'ES256') {
        if (header.kid && header.kid !== stored.kid) throw new Error('unknown signing key');
        return (await jwtVerify(token, publicKey, { algorithms: ['ES256'], clockTolerance: 30 })).payload;
      }
      return (await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: 30 })).payload;
    },
  };
}
