import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import {
  anon,
  as,
  attempt,
  count,
  createUser,
  firstId,
  service,
  user,
  type Caller,
} from './catalogue-helpers.ts';

let stack: RunningStack;
let applicant: Caller;
let counsellor: Caller;
let admin: Caller;
let universityId: string;
let courseId: string;
beforeAll(async () => {
  stack = await startTestStack();
  applicant = user(await createUser(stack.db));
  counsellor = user(await createUser(stack.db, ['counsellor']));
  admin = user(await createUser(stack.db, ['admin']));
  universityId = await firstId(
    stack.db,
    'select id from public.universities where published order by slug limit 1',
  );
  courseId = await firstId(stack.db, 'select id from public.courses where published order by slug limit 1');
});
afterAll(() => stack.stop());

const writes = () => ({
  universities: [
    "insert into public.universities (slug, name, country_code, city, currency, published) values ('rogue-u', 'Rogue U', 'GB', 'Leeds', 'GBP', true)",
    `update public.universities set name = 'Renamed' where id = '${universityId}'`,
    `delete from public.universities where id = '${universityId}'`,
  ],
  courses: [
    `insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, published)
     values ('rogue-course', '${universityId}', 'Rogue Course', 'master', 'Law', 12, 1, 'GBP', true)`,
    `update public.courses set tuition_amount = 1 where id = '${courseId}'`,
    `delete from public.courses where id = '${courseId}'`,
  ],
  intakes: [
    `insert into public.intakes (course_id, term, start_date, deadline, status) values ('${courseId}', 'Rogue 2030', '2030-09-01', '2030-06-01', 'open')`,
    `update public.intakes set capacity = 1 where course_id = '${courseId}'`,
    `delete from public.intakes where course_id = '${courseId}'`,
  ],
  document_requirements: [
    `insert into public.document_requirements (course_id, kind) values ('${courseId}', 'other')`,
    `update public.document_requirements set required = false where course_id = '${courseId}'`,
    `delete from public.document_requirements where course_id = '${courseId}'`,
  ],
  currency_rates: [
    "insert into public.currency_rates (currency, rate_to_usd, as_of) values ('GBP', 9, '2026-11-21')",
    "update public.currency_rates set rate_to_usd = 9 where currency = 'GBP'",
    "delete from public.currency_rates where currency = 'GBP'",
  ],
  search_terms: [
    "insert into public.search_terms (term) values ('rogue')",
    'update public.search_terms set frequency = 999',
    'delete from public.search_terms',
  ],
});

describe('catalogue writes', () => {
  for (const [who, caller] of [
    ['anonymous visitors', () => anon],
    ['signed-in applicants', () => applicant],
    ['counsellors', () => counsellor],
  ] as const) {
    it(`refuses every insert, update and delete from ${who}`, async () => {
      for (const [table, statements] of Object.entries(writes())) {
        const before = await count(stack.db, service, `public.${table}`);
        for (const sql of statements) {
          const outcome = await attempt(stack.db, caller(), sql);
          expect(outcome, `${table}: ${sql.slice(0, 40)}`).toSatisfy(
            (o: { rows?: number; code?: string }) => o.rows === 0 || o.code === '42501',
          );
        }
        expect(await count(stack.db, service, `public.${table}`)).toBe(before);
      }
      const { rows } = await stack.db.query('select name from public.universities where id = $1', [
        universityId,
      ]);
      expect(rows[0]).not.toEqual({ name: 'Renamed' });
    });
  }

  it('lets nobody grant roles through the API, administrators included', async () => {
    const before = await count(stack.db, service, 'public.user_roles');
    for (const caller of [anon, applicant, admin]) {
      const target =
        caller.role === 'authenticated'
          ? caller.sub
          : applicant.role === 'authenticated'
            ? applicant.sub
            : '';
      expect(
        await attempt(stack.db, caller, 'insert into public.user_roles (user_id, role) values ($1, $2)', [
          target,
          'admin',
        ]),
      ).toEqual({ code: '42501' });
      expect(await attempt(stack.db, caller, 'delete from public.user_roles')).toEqual({ code: '42501' });
    }
    expect(await count(stack.db, service, 'public.user_roles')).toBe(before);
  });

  it('lets an administrator create, edit and remove catalogue rows', async () => {
    const created = await as<{ id: string }>(
      stack.db,
      admin,
      "insert into public.universities (slug, name, country_code, city, currency, published) values ('harbour-test-u', 'Harbour Test University', 'IE', 'Cork', 'EUR', true) returning id",
    );
    const uni = created.rows[0]?.id ?? '';
    const course = await as<{ id: string }>(
      stack.db,
      admin,
      `insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, published)
       values ('harbour-test-msc', $1, 'MSc Harbour Studies', 'master', 'Environmental Science', 12, 15000, 'EUR', true) returning id`,
      [uni],
    );
    const courseRow = course.rows[0]?.id ?? '';
    expect(
      (
        await as(
          stack.db,
          admin,
          `insert into public.intakes (course_id, term, start_date, deadline, status) values ($1, 'September 2027', '2027-09-20', '2027-06-30', 'open')`,
          [courseRow],
        )
      ).affectedRows,
    ).toBe(1);
    expect(
      (
        await as(
          stack.db,
          admin,
          "insert into public.document_requirements (course_id, kind) values ($1, 'passport')",
          [courseRow],
        )
      ).affectedRows,
    ).toBe(1);
    expect(
      (
        await as(
          stack.db,
          admin,
          "insert into public.currency_rates (currency, rate_to_usd, as_of) values ('EUR', 1.1, '2026-11-21')",
        )
      ).affectedRows,
    ).toBe(1);
    expect(
      (
        await as(
          stack.db,
          admin,
          "update public.universities set name = 'Harbour Point University', version = version where id = $1",
          [uni],
        )
      ).affectedRows,
    ).toBe(1);

    const seen = await as<{ university_name: string; tuition_annual_usd: string; next_deadline: string }>(
      stack.db,
      anon,
      'select university_name, tuition_annual_usd::text, next_deadline::text from public.courses where id = $1',
      [courseRow],
    );
    expect(seen.rows).toEqual([
      {
        university_name: 'Harbour Point University',
        tuition_annual_usd: '16500.00',
        next_deadline: '2027-06-30',
      },
    ]);
    const stats = await stack.db.query(
      'select course_count, tuition_min::text from public.universities where id = $1',
      [uni],
    );
    expect(stats.rows).toEqual([{ course_count: 1, tuition_min: '15000.00' }]);

    expect(
      (await as(stack.db, admin, 'delete from public.universities where id = $1', [uni])).affectedRows,
    ).toBe(1);
    expect(await count(stack.db, service, `public.courses where id = '${courseRow}'`)).toBe(0);
  });

  it('hides a university’s courses from visitors as soon as it is unpublished', async () => {
    const before = await count(stack.db, anon, `public.courses where university_id = '${universityId}'`);
    expect(before).toBeGreaterThan(0);
    await as(
      stack.db,
      admin,
      'update public.universities set published = false, version = version where id = $1',
      [universityId],
    );
    expect(await count(stack.db, anon, `public.courses where university_id = '${universityId}'`)).toBe(0);
    expect(
      await count(
        stack.db,
        anon,
        `public.intakes i join public.courses c on c.id = i.course_id where c.university_id = '${universityId}'`,
      ),
    ).toBe(0);
    await as(
      stack.db,
      admin,
      'update public.universities set published = true, version = version where id = $1',
      [universityId],
    );
    expect(await count(stack.db, anon, `public.courses where university_id = '${universityId}'`)).toBe(
      before,
    );
  });
});
