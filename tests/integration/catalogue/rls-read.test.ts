import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { anon, count, createUser, service, user, type Caller } from './catalogue-helpers.ts';

let stack: RunningStack;
let applicant: Caller;
let admin: Caller;
let counsellor: Caller;
beforeAll(async () => {
  stack = await startTestStack();
  applicant = user(await createUser(stack.db));
  admin = user(await createUser(stack.db, ['admin']));
  counsellor = user(await createUser(stack.db, ['counsellor']));
});
afterAll(() => stack.stop());

const visible = {
  universities: 'public.universities where published',
  courses:
    'public.courses c where c.published and exists (select 1 from public.universities u where u.id = c.university_id and u.published)',
  intakes: `public.intakes i join public.courses c on c.id = i.course_id join public.universities u on u.id = c.university_id
            where i.status <> 'draft' and c.published and u.published`,
  document_requirements: `public.document_requirements d left join public.courses c on c.id = d.course_id
            left join public.universities u on u.id = c.university_id
            where d.course_id is null or (c.published and u.published)`,
};

describe('catalogue reads', () => {
  it('holds unpublished and draft rows that visitors must not see', async () => {
    expect(await count(stack.db, service, 'public.universities where not published')).toBeGreaterThan(0);
    expect(await count(stack.db, service, 'public.courses where not published')).toBeGreaterThan(0);
    expect(await count(stack.db, service, "public.intakes where status = 'draft'")).toBeGreaterThan(0);
  });

  for (const [table, published] of Object.entries(visible)) {
    it(`shows anonymous and signed-in visitors only the published ${table}`, async () => {
      const expected = await count(stack.db, service, published);
      const all = await count(stack.db, service, `public.${table}`);
      expect(expected).toBeLessThan(all);
      expect(await count(stack.db, anon, `public.${table}`)).toBe(expected);
      expect(await count(stack.db, applicant, `public.${table}`)).toBe(expected);
    });
  }

  it('shows staff the whole catalogue, drafts included', async () => {
    for (const table of ['universities', 'courses', 'intakes', 'document_requirements']) {
      const all = await count(stack.db, service, `public.${table}`);
      expect(await count(stack.db, admin, `public.${table}`)).toBe(all);
      expect(await count(stack.db, counsellor, `public.${table}`)).toBe(all);
    }
  });

  it('lets everyone read exchange rates and the latest rate per currency', async () => {
    // Two dated rates for each of the 41 display currencies.
    expect(await count(stack.db, anon, 'public.currency_rates')).toBe(82);
    const { rows } = await stack.db.query<{ as_of: string }>(
      'select distinct as_of::text from public.latest_currency_rates',
    );
    expect(rows).toEqual([{ as_of: '2026-11-20' }]);
  });

  it('lets a user read only their own roles, and an administrator everyone’s', async () => {
    expect(await count(stack.db, anon, 'public.user_roles').catch((e: { code: string }) => e.code)).toBe(
      '42501',
    );
    expect(await count(stack.db, applicant, 'public.user_roles')).toBe(0);
    expect(await count(stack.db, counsellor, 'public.user_roles')).toBe(1);
    expect(await count(stack.db, admin, 'public.user_roles')).toBe(
      await count(stack.db, service, 'public.user_roles'),
    );
    expect(await count(stack.db, admin, 'public.user_roles')).toBeGreaterThanOrEqual(2);
  });
});
