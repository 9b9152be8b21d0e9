import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createRenderedCache } from '../../../src/features/catalogue/page-cache/rendered-cache.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
let anon: SupabaseClient;
beforeAll(async () => {
  stack = await startTestStack();
  anon = clientFor(stack);
});
afterAll(() => stack.stop());

const readVersion = async () => {
  const { data, error } = await anon.rpc('catalogue_version');
  return error || typeof data !== 'string' ? null : data;
};

function renderer() {
  let renders = 0;
  const render = async () =>
    new Response(`page ${++renders}`, { headers: { 'cache-control': 'public, max-age=60' } });
  return { render, count: () => renders };
}

describe('rendered catalogue pages', () => {
  it('are reused until a course changes, then rendered again', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    const { render, count } = renderer();
    // Stored from the second visit on.
    await cache.respond('/courses|GBP', readVersion, render);
    await cache.respond('/courses|GBP', readVersion, render);
    const again = await cache.respond('/courses|GBP', readVersion, render);
    expect(await again.text()).toBe('page 2');
    expect(count()).toBe(2);
    await stack.db.query(
      "update public.courses set tuition_amount = tuition_amount + 100 where slug = 'ashcombe-university-graduate-diploma-in-clinical-pharmacy'",
    );
    const fresh = await cache.respond('/courses|GBP', readVersion, render);
    expect(await fresh.text()).toBe('page 3');
  });

  it('notice an unpublished university and a deleted intake, which visitors can no longer see', async () => {
    const before = await readVersion();
    await stack.db.query(
      "update public.universities set published = false where slug = 'ashcombe-university'",
    );
    const hidden = await readVersion();
    expect(hidden).not.toBe(before);
    await stack.db.query('delete from public.intakes where id = (select id from public.intakes limit 1)');
    expect(await readVersion()).not.toBe(hidden);
  });

  it('notice a changed living cost, which course pages show', async () => {
    const before = await readVersion();
    await stack.db.query(
      "update public.living_costs set monthly_amount = monthly_amount + 10 where city = 'Leeds'",
    );
    expect(await readVersion()).not.toBe(before);
  });
});

describe('catalogue functions for visitors', () => {
  it('list only published universities with a total count and converted tuition', async () => {
    const { data, error } = await anon.rpc('search_universities', { countries: ['IE'], sort: 'tuition_asc' });
    expect(error).toBeNull();
    const rows = data as { country_code: string; tuition_min_usd: number; total_count: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.country_code === 'IE')).toBe(true);
    expect(Number(rows[0]?.total_count)).toBe(rows.length);
    const mins = rows.map((row) => Number(row.tuition_min_usd));
    expect([...mins].sort((a, b) => a - b)).toEqual(mins);
  });

  it('offer filter values from published rows only', async () => {
    await stack.db.query(
      "update public.universities set published = false where slug = 'brightmoor-university'",
    );
    const { data } = await anon.rpc('catalogue_facets');
    const facets = data as { countries: { code: string }[]; universities: { name: string }[] };
    expect(facets.countries.length).toBeGreaterThanOrEqual(8);
    expect(facets.universities.some((u) => u.name === 'Brightmoor University')).toBe(false);
    expect(facets.universities.length).toBeGreaterThan(30);
  });
});
