import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { anon, as, attempt } from './catalogue-helpers.ts';

interface Hit {
  title: string;
  level: string;
  country_code: string;
  tuition_annual_usd: string;
  rank: number;
  total_count: number;
}

let stack: RunningStack;
const search = async (args: string, params: unknown[] = []) =>
  (
    await as<Hit>(
      stack.db,
      anon,
      `select title, level, country_code, tuition_annual_usd::text, rank, total_count from public.search_courses(${args})`,
      params,
    )
  ).rows;

beforeAll(async () => {
  stack = await startTestStack();
  // Two courses sharing a rare word: one in its title, one only in its description.
  await stack.db.exec(`
    insert into public.universities (id, slug, name, country_code, city, currency, published)
    values ('00000000-0000-4000-8000-00000000c0de', 'quillmoor-university', 'Quillmoor University', 'GB', 'York', 'GBP', true)
    on conflict (slug) do nothing;
    insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, description, published) values
      ('quillmoor-described', '00000000-0000-4000-8000-00000000c0de', 'MSc Coastal Studies', 'master', 'Environmental Science', 12, 20000, 'GBP', 'Fieldwork includes zephyrology of sea winds.', true),
      ('quillmoor-titled', '00000000-0000-4000-8000-00000000c0de', 'MSc Zephyrology', 'master', 'Environmental Science', 12, 21000, 'GBP', 'Winds and weather.', true),
      ('quillmoor-hidden', '00000000-0000-4000-8000-00000000c0de', 'MSc Zephyrology Draft', 'master', 'Environmental Science', 12, 21000, 'GBP', '', false)
    on conflict (slug) do nothing;
    select public.refresh_search_terms();`);
});
afterAll(() => stack.stop());

describe('course search', () => {
  it('finds a city written as its people write it ("München", "Köln") as it finds its English name', async () => {
    for (const [local, english] of [
      ['München', 'munich'],
      ['Köln', 'cologne'],
    ]) {
      const asTyped = await search('q => $1', [local]);
      const inEnglish = await search('q => $1', [english]);
      expect(inEnglish.length).toBeGreaterThan(0);
      expect(asTyped.map((hit) => hit.title)).toEqual(inEnglish.map((hit) => hit.title));
    }
  });

  it('suggests "computer science" for "computr science"', async () => {
    const { rows } = await as<{ term: string }>(stack.db, anon, 'select term from public.suggest_terms($1)', [
      'computr science',
    ]);
    expect(rows[0]?.term).toBe('computer science');
    const fixed = await as<{ q: string }>(stack.db, anon, 'select public.correct_query($1) as q', [
      'computr scince',
    ]);
    expect(fixed.rows[0]?.q).toBe('computer science');
  });

  it('finds the suggested text and ranks title matches above description matches', async () => {
    const hits = await search('q => $1', ['computer science']);
    expect(hits.length).toBeGreaterThan(5);
    expect(hits[0]?.title).toMatch(/Computer Science/);
    const rare = await search('q => $1', ['zephyrology']);
    expect(rare.map((h) => h.title)).toEqual(['MSc Zephyrology', 'MSc Coastal Studies']);
    expect(rare[0]?.rank).toBeGreaterThan(rare[1]?.rank ?? 1);
    expect(rare[0]?.total_count).toBe(2);
  });

  it('matches the last word as a prefix while the visitor is still typing', async () => {
    expect((await search('q => $1', ['zephyrol'])).length).toBe(2);
    expect((await search('q => $1', ['"coastal studies" zephyr'])).length).toBe(0);
    expect((await search('q => $1', ['the'])).length).toBe(0);
  });

  it('finds a word under a typed prefix once an edit gives a course that word', async () => {
    // Before: the only word beginning with "zephyr" is zephyrology's stem, so the prefix is matched as it.
    const titles = async () => (await search('q => $1', ['zephyr'])).map((h) => h.title).sort();
    expect(await titles()).toEqual(['MSc Coastal Studies', 'MSc Zephyrology']);
    await stack.db.exec(`
      insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, description, published)
      values ('quillmoor-breezes', '00000000-0000-4000-8000-00000000c0de', 'MA Coastal Breezes', 'master', 'Geography', 12, 19000, 'GBP', 'Sea breezes.', true)
      on conflict (slug) do nothing;
      update public.courses set description = 'Zephyrs and sea breezes.' where slug = 'quillmoor-breezes';`);
    expect(await titles()).toEqual(['MA Coastal Breezes', 'MSc Coastal Studies', 'MSc Zephyrology']);
  });

  it('filters and sorts with a total count of every match', async () => {
    const hits = await search(
      "levels => array['master'], countries => array['GB', 'IE'], sort => 'tuition_asc', page_size => 10",
    );
    expect(hits).toHaveLength(10);
    expect(hits.every((h) => h.level === 'master' && ['GB', 'IE'].includes(h.country_code))).toBe(true);
    const fees = hits.map((h) => Number(h.tuition_annual_usd));
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
    expect(hits[0]?.total_count).toBeGreaterThan(10);
    const page2 = await search(
      "levels => array['master'], countries => array['GB', 'IE'], sort => 'tuition_asc', page_size => 10, page_offset => 10",
    );
    expect(page2[0]?.total_count).toBe(hits[0]?.total_count);
    expect(Number(page2[0]?.tuition_annual_usd)).toBeGreaterThanOrEqual(fees[9] ?? 0);
  });

  it('finds courses by intake month and budget', async () => {
    const hits = await search('intake_month => 2, max_tuition_usd => 30000, page_size => 100');
    expect(hits.length).toBeGreaterThan(0);
    expect(
      hits.every((h) => ['AU', 'NZ'].includes(h.country_code) && Number(h.tuition_annual_usd) <= 30000),
    ).toBe(true);
  });

  it('rejects an unknown sort and an oversized page', async () => {
    expect(
      await attempt(stack.db, anon, "select * from public.search_courses(sort => 'price; drop table x')"),
    ).toEqual({ code: '22023' });
    expect(await attempt(stack.db, anon, 'select * from public.search_courses(page_size => 1000)')).toEqual({
      code: '22023',
    });
  });

  it('keeps the dictionary refresh for administrators', async () => {
    expect(await attempt(stack.db, anon, 'select public.refresh_search_terms()')).toEqual({ code: '42501' });
  });
});
