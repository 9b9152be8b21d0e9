import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  SignJWT,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

/**
 * The Supabase CLI's published demo secret and opaque keys. Anyone can sign tokens with them, so a
 * stack uses them only when a test asks for them (`wellKnown: true`); every install has its own.
 */
export const wellKnown = {
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  publishableKey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  secretKey: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
  /** The CLI's anon and service keys carry this issuer and expiry. */
  issuer: 'supabase-demo',
  expiry: 1983812996,
} as const;

/** The audience of user access tokens (GOTRUE_JWT_AUD, PostgREST's jwt-aud). */
export const jwtAudience = 'authenticated';

const tenYears = 10 * 365 * 24 * 3600;

export interface Keys {
  anonKey: string;
  serviceRoleKey: string;
  /** Opaque API keys in the new format, standing for the anon and service_role keys. */
  publishableKey: string;
  secretKey: string;
  /** The legacy HS256 secret the API keys are signed with (the project's "JWT secret"). */
  jwtSecret: string;
  /** The published verification keys (`/auth/v1/.well-known/jwks.json`). */
  jwks: { keys: JWK[] };
  /** Signs an access token with the current ES256 key; `exp` and `iat` are given by the caller. */
  sign(claims: JWTPayload): Promise<string>;
  /** Signs with the legacy HS256 secret, as a project's JWT secret signs. */
  signLegacy(claims: JWTPayload): Promise<string>;
  /**
   * Verifies an ES256 (by kid) or legacy HS256 token and returns its claims; throws when invalid,
   * including when it names an audience other than `authenticated`.
   */
  verify(token: string): Promise<JWTPayload>;
}

/** What a data folder keeps in `keys.json` (mode 0600). */
interface StoredKeys {
  jwt_secret: string;
  publishable_key: string;
  secret_key: string;
  /** Unix seconds: the `iat` of the anon and service keys, so they stay the same across restarts. */
  issued_at: number;
  signing_key: { kid: string; private_jwk: JWK };
}

async function newSigningKey(): Promise<StoredKeys['signing_key']> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid: randomUUID(), private_jwk: await exportJWK(privateKey) };
}

const opaque = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

async function newKeys(): Promise<StoredKeys> {
  return {
    jwt_secret: randomBytes(32).toString('base64url'),
    publishable_key: opaque('sb_publishable_'),
    secret_key: opaque('sb_secret_'),
    issued_at: Math.floor(Date.now() / 1000),
    signing_key: await newSigningKey(),
  };
}

/** The signing key an earlier version kept beside the data, so sessions survive the upgrade. */
function earlierSigningKey(file: string): StoredKeys['signing_key'] | null {
  const earlier = join(dirname(file), 'signing-key.json');
  if (!existsSync(earlier)) return null;
  const { kid, privateJwk } = JSON.parse(readFileSync(earlier, 'utf8')) as { kid: string; privateJwk: JWK };
  return { kid, private_jwk: privateJwk };
}

async function loadOrCreate(file: string): Promise<StoredKeys> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredKeys;
  const stored = await newKeys();
  stored.signing_key = earlierSigningKey(file) ?? stored.signing_key;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return stored;
}

async function wellKnownKeys(): Promise<StoredKeys> {
  return {
    jwt_secret: wellKnown.jwtSecret,
    publishable_key: wellKnown.publishableKey,
    secret_key: wellKnown.secretKey,
    issued_at: 0,
    signing_key: await newSigningKey(),
  };
}

function checkAudience(payload: JWTPayload): JWTPayload {
  const { aud } = payload;
  if (aud === undefined) return payload;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(jwtAudience)) {
    throw new errors.JWTClaimValidationFailed('unexpected "aud" claim value', payload, 'aud', 'check_failed');
  }
  return payload;
}

async function apiKey(secret: Uint8Array, stored: StoredKeys, role: 'anon' | 'service_role') {
  const claims =
    stored.issued_at === 0
      ? { iss: wellKnown.issuer, role, exp: wellKnown.expiry }
      : { iss: 'supabase', role, iat: stored.issued_at, exp: stored.issued_at + tenYears };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export interface KeyOptions {
  /** A data folder's `keys.json`: read when present, created (0600) on first start. */
  file?: string;
  /** The Supabase CLI's published demo keys, for tests that ask for them. */
  wellKnown?: boolean;
}

/**
 * The stack's keys. Without a file or `wellKnown` they are random and live in memory only. User
 * sessions are signed with ES256; the anon and service keys are HS256 tokens of the JWT secret,
 * as a hosted project's legacy API keys are.
 */
export async function createKeys(options: KeyOptions = {}): Promise<Keys> {
  const stored = options.wellKnown
    ? await wellKnownKeys()
    : options.file
      ? await loadOrCreate(options.file)
      : await newKeys();
  const secret = new TextEncoder().encode(stored.jwt_secret);
  const { kid, private_jwk: privateJwk } = stored.signing_key;
  const privateKey = (await importJWK({ ...privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { d: _d, ...publicParts } = privateJwk;
  const publicJwk: JWK = { ...publicParts, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;

  return {
    anonKey: await apiKey(secret, stored, 'anon'),
    serviceRoleKey: await apiKey(secret, stored, 'service_role'),
    publishableKey: stored.publishable_key,
    secretKey: stored.secret_key,
    jwtSecret: stored.jwt_secret,
    jwks: { keys: [publicJwk] },
    sign: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey),
    signLegacy: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret),
    async verify(token) {
      const header = decodeProtectedHeader(token);
      if (header.alg === 'ES256') {
        if (header.kid && header.kid !== kid) throw new Error('unknown signing key');
        const verified = await jwtVerify(token, publicKey, { algorithms: ['ES256'], clockTolerance: 30 });
        return checkAudience(verified.payload);
      }
      const verified = await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: 30 });
      return checkAudience(verified.payload);
    },
  };
}
