/**
 * Hostile input for the fuzz suites: SQL and PostgREST syntax, quoting, odd Unicode and raw bytes,
 * and the check every answer must pass whatever was sent.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Fixed seed and bounded runs, so a failure replays and the suite stays quick; FUZZ_SEED and
 * FUZZ_RUNS explore further by hand.
 */
export const FUZZ = {
  seed: Number(process.env['FUZZ_SEED'] ?? 20_261_121),
  numRuns: Number(process.env['FUZZ_RUNS'] ?? 150),
  endOnFailure: true,
} as const;

const FRAGMENTS = [
  "'",
  '"',
  "';--",
  "' or '1'='1",
  '") or true --',
  '; drop table public.leads; --',
  '$$',
  '\\',
  '%',
  '_',
  '*',
  '(',
  ')',
  '()',
  ',',
  '.',
  ':',
  '::text',
  '->>',
  '!inner',
  'eq.',
  'not.',
  'in.(',
  'is.null',
  'cs.{',
  '{1,2',
  '[1,',
  'null',
  'true',
  '1e309',
  '-0',
  '9'.repeat(40),
  '00000000-0000-0000-0000-000000000000',
  'pg_sleep(10)',
  "current_setting('request.jwt.claims')",
  '\u0000',
  '\u202e',
  '\ufeff',
  '\ud83c\udf93',
  'é',
  'Ω≈ç√',
  '../',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  'a'.repeat(3000),
];

const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'not.eq',
  'not.in',
  'any',
  'all',
  'eq(any)',
  'like(all)',
  'bogus',
];

/** Short strings built from dangerous fragments and arbitrary code points. */
export const hostileText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 12 })), {
    maxLength: 5,
  })
  .map((parts) => parts.join('').toWellFormed());

/** A PostgREST filter value: an operator (sometimes none) and a hostile operand. */
export const filterValue: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...OPERATORS), hostileText).map(([op, text]) => `${op}.${text}`),
  hostileText,
);

/** Column-ish names: real ones, embedded resources, JSON paths, casts and junk. */
export function fieldName(columns: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...columns),
    fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.and', 'on_conflict', 'columns'),
    fc
      .tuple(fc.constantFrom(...columns), fc.constantFrom('->', '->>', '::', '.', '!', '('))
      .map(([c, s]) => c + s),
    hostileText,
  );
}

export function query(pairs: Array<[string, string]>): string {
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/** No server error, and nothing of the server's insides in what the client reads. */
export function expectSafeAnswer(status: number, body: string, context: string): void {
  expect(status, `${context} → ${status} ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(body, context).not.toMatch(/\bat (async )?[^\n<>]*?\(?(file:\/\/|node:|\/)[^\s()<>"]+:\d+:\d+/);
  expect(body, context).not.toMatch(/syntax error at or near/i);
  expect(body, context).not.toMatch(/node_modules|\/work\/|file:\/\//);
}
