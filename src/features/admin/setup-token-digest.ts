import { createHash } from 'node:crypto';

/** What the database keeps of a generated setup token: its SHA-256, never the token. */
export const setupTokenDigest = (token: string): string =>
  createHash('sha256').update(token.trim(), 'utf8').digest('hex');
