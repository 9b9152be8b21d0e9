import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { anon, as } from './catalogue-helpers.ts';

/**
 * search_courses answers from its own search table; on the seeded catalogue (well under the
 * 1,000-match cap) every page must equal the same search written directly over the courses.
 */
let stack: RunningStack;

const orders: Record<string, string> = {
  relevance: 'rank desc, c.title, c.id',
  title: 'c.title, c.id',
  tuition_asc: 'c.tuition_annual_usd, c.id',
  tuition_desc: 'c.tuition_annual_usd desc, c.id desc',
  deadline: 'c.next_deadline, c.id',
  duration: 'c.duration_months, c.id',
};

interface Case {
  q: string | null;
  sort: string;
  levels: string[] | null;
  countries: string[] | null;
  maxUsd: number | null;
  intake: number | null;
  offset: number;
}

function expected({ q, sort, levels, countries, maxUsd, intake, offset }: Case) {
  const order = q === null && sort === 'relevance' ? orders['title'] : orders[sort];
  return stack.db.query<{ id: string; total: string }>(
    `with m as (
       select c.id, c.title, c.tuition_annual_usd, c.next_deadline, c.duration_months,
         coalesce(ts_rank(c.search_document, public.course_search_query($1)), 0) as rank
       from public.courses c
       where c.published and c.university_published
         and ($1::text is null or c.search_document @@ public.course_search_query($1))
         and ($2::text[] is null or c.level = any ($2)) and ($3::text[] is null or c.university_country_code = any ($3))
         and ($4::numeric is null or c.tuition_annual_usd <= $4)
         and ($5::int is null or c.intake_months @> array[$5::smallint]))
     select c.id, least(count(*) over (), 1001)::text as total from m c order by ${order} limit 20 offset $6`,
    [q, levels, countries, maxUsd, intake, offset],
  );
}

const actual = ({ q, sort, levels, countries, maxUsd, intake, offset }: Case) =>
  as<{ id: string; total_count: string }>(
    stack.db,
    anon,
    `select id, total_count::text from public.search_courses(q => $1, sort => $2, levels => $3,
       countries => $4, max_tuition_usd => $5, intake_month => $6, page_offset => $7)`,
    [q, sort, levels, countries, maxUsd, intake, offset],
  );

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('course search over the search table', () => {
  const texts = [
    null,
    'science',
    'comp',
    'computer sc',
    'business management',
    'engineering -civil',
    '"data science"',
  ];
  const cases: Case[] = texts.flatMap((q, i) =>
    Object.keys(orders).map((sort, j) => ({
      q,
      sort,
      levels: (i + j) % 3 === 0 ? ['master'] : (i + j) % 3 === 1 ? ['bachelor', 'master'] : null,
      countries: j % 2 === 0 ? ['GB', 'CA', 'AU'] : null,
      maxUsd: (i + j) % 4 === 0 ? 30000 : null,
      intake: j === 3 ? 9 : null,
      offset: (i + j) % 5 === 0 ? 20 : 0,
    })),
  );

  it('returns the same pages and counts as a direct search of the courses', async () => {
    let nonEmpty = 0;
    for (const c of cases) {
      const want = await expected(c);
      const got = (await actual(c)).rows;
      expect(
        got.map((r) => r.id),
        JSON.stringify(c),
      ).toEqual(want.rows.map((r) => r.id));
      expect(got[0]?.total_count, JSON.stringify(c)).toBe(want.rows[0]?.total);
      if (got.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(cases.length / 2);
  });
});
