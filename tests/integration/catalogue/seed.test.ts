import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { anon, count } from './catalogue-helpers.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('demo catalogue seed', () => {
  it('has at least 40 published universities in at least 8 countries', async () => {
    const { rows } = await stack.db.query<{ n: number; countries: number }>(
      'select count(*)::int as n, count(distinct country_code)::int as countries from public.universities where published',
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(40);
    expect(rows[0]?.countries).toBeGreaterThanOrEqual(8);
  });

  it('has at least 400 courses covering all six levels, each with an intake and a document requirement', async () => {
    const { rows } = await stack.db.query<{ n: number; levels: number; bare: number }>(
      `select count(*)::int as n, count(distinct level)::int as levels,
              count(*) filter (where not exists (select 1 from public.intakes i where i.course_id = c.id)
                or not exists (select 1 from public.document_requirements d where d.course_id = c.id))::int as bare
       from public.courses c`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(400);
    expect(rows[0]?.levels).toBe(6);
    expect(rows[0]?.bare).toBe(0);
  });

  it('shows visitors upcoming open deadlines and fees they can compare in US dollars', async () => {
    expect(
      await count(stack.db, anon, "public.intakes where status = 'open' and deadline > date '2026-11-21'"),
    ).toBeGreaterThan(300);
    expect(await count(stack.db, anon, 'public.courses where tuition_annual_usd is null')).toBe(0);
    expect(await count(stack.db, anon, 'public.universities where is_partner')).toBeGreaterThanOrEqual(5);
  });

  it('asks for a portfolio on design courses and a CV on postgraduate research', async () => {
    const { rows } = await stack.db.query<{ kind: string; n: number }>(
      `select d.kind, count(*)::int as n from public.document_requirements d join public.courses c on c.id = d.course_id
       where (d.kind = 'portfolio' and c.field <> all (array['Graphic Design', 'Architecture']))
          or (d.kind = 'cv' and c.level not in ('master', 'doctorate'))
       group by d.kind`,
    );
    expect(rows).toEqual([]);
    expect(
      await count(
        stack.db,
        anon,
        "public.document_requirements where course_id is null and kind = 'passport'",
      ),
    ).toBe(1);
  });
});
