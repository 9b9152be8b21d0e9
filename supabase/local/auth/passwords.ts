import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

const cost = { N: 16384, r: 8, p: 1 };

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((done, fail) =>
    scrypt(password.normalize('NFKC'), salt, 32, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? fail(error) : done(key),
    ),
  );
}

/** Hashes a password with scrypt; the parameters travel in the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `$scrypt$n=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function verifyScrypt(password: string, hash: string): Promise<boolean> {
  const [, , params = '', salt = '', key = ''] = hash.split('$');
  const values = Object.fromEntries(params.split(',').map((pair) => pair.split('=')));
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(values['n']),
    r: Number(values['r']),
    p: Number(values['p']),
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Checks a password against a stored hash: our scrypt format, or a bcrypt hash as seeds write them
 * with pgcrypto's crypt() (checked by the database itself).
 */
export async function verifyPassword(db: Queryable, password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    await derive(password, Buffer.alloc(16), cost);
    return false;
  }
  if (hash.startsWith('$scrypt$')) return verifyScrypt(password, hash);
  if (/^\$2[aby]\$/.test(hash)) {
    const { rows } = await db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [
      password,
      hash,
    ]);
    return rows[0]?.ok === true;
  }
  return false;
}
