import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

describe('the landing page about the demo catalogue', () => {
  it('counts the countries the catalogue has universities in, in its figures and its hero', async () => {
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(distinct country_code)::integer as n from public.universities where published',
    );
    const countries = rows[0]?.n ?? 0;
    const figures = readFileSync('content/landing/figures.yaml', 'utf8');
    expect(/- id: countries\n\s+value: '(\d+)'/.exec(figures)?.[1]).toBe(String(countries));
    const hero = readFileSync('content/landing/hero.yaml', 'utf8');
    expect(hero).toContain(`across ${WORDS[countries]} countries`);
  });
});
