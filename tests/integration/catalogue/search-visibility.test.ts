import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { anon, as, attempt, createUser } from './catalogue-helpers.ts';

const UNI = '00000000-0000-4000-8000-0000000b1a5e';
let stack: RunningStack;

const titles = async (args: string, params: unknown[] = []) =>
  (
    await as<{ title: string }>(stack.db, anon, `select title from public.search_courses(${args})`, params)
  ).rows.map((r) => r.title);

beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    insert into public.universities (id, slug, name, country_code, city, currency, published)
    values ('${UNI}', 'brackenholt-university', 'Brackenholt University', 'GB', 'Leeds', 'GBP', true);
    insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
      tuition_currency, description, published) values
      ('brackenholt-open', '${UNI}', 'MSc Quorvanite Geology', 'master', 'Geology', 12, 20000, 'GBP', 'Rocks.', true),
      ('brackenholt-secret', '${UNI}', 'MSc Xylotrophic Mycology', 'master', 'Biology', 12, 21000, 'GBP',
       'Fungi that eat wood.', false);`);
});
afterAll(() => stack.stop());

describe('course search visibility', () => {
  it('never returns an unpublished course, not even by its exact title', async () => {
    for (const sort of ['relevance', 'title', 'tuition_asc', 'tuition_desc', 'deadline', 'duration'])
      expect(await titles('q => $1, sort => $2', ['MSc Xylotrophic Mycology', sort])).toEqual([]);
    expect(await titles('q => $1', ['xylotroph'])).toEqual([]);
    expect(await titles('university_ids => array[$1]::uuid[], page_size => 100', [UNI])).toEqual([
      'MSc Quorvanite Geology',
    ]);
  });

  it('follows publishing of the course and of its university at once', async () => {
    await stack.db.exec(`update public.courses set published = true where slug = 'brackenholt-secret'`);
    expect(await titles('q => $1', ['xylotrophic mycology'])).toEqual(['MSc Xylotrophic Mycology']);
    await stack.db.exec(`update public.universities set published = false where id = '${UNI}'`);
    expect(await titles('q => $1', ['xylotrophic mycology'])).toEqual([]);
    expect(await titles('q => $1', ['quorvanite'])).toEqual([]);
    await stack.db.exec(`update public.universities set published = true where id = '${UNI}'`);
    expect(await titles('q => $1', ['quorvanite'])).toEqual(['MSc Quorvanite Geology']);
    await stack.db.exec(`update public.courses set published = false where slug = 'brackenholt-secret'`);
    expect(await titles('q => $1', ['xylotrophic'])).toEqual([]);
  });

  it('reflects edits and deletions in the next search', async () => {
    await stack.db.exec(
      `update public.courses set title = 'MSc Quorvanite Petrology', field = 'Earth Sciences', level = 'doctorate' where slug = 'brackenholt-open'`,
    );
    expect(await titles('q => $1', ['quorvanite geology'])).toEqual([]);
    expect(await titles("q => $1, levels => array['doctorate']", ['quorvanite petrology'])).toEqual([
      'MSc Quorvanite Petrology',
    ]);
    expect(await titles("q => $1, levels => array['master']", ['quorvanite'])).toEqual([]);
    await stack.db.exec(`delete from public.courses where slug = 'brackenholt-open'`);
    expect(await titles('q => $1', ['quorvanite'])).toEqual([]);
  });

  it('keeps the search table itself closed to visitors and applicants', async () => {
    const applicant = { role: 'authenticated' as const, sub: await createUser(stack.db) };
    for (const caller of [anon, applicant])
      expect(await attempt(stack.db, caller, 'select course_id from public.course_search')).toEqual({
        code: '42501',
      });
    expect(await attempt(stack.db, anon, 'select public.sync_course_search(array[]::uuid[])')).toEqual({
      code: '42501',
    });
  });

  it('treats filter values as plain values and an empty list as no match', async () => {
    expect(await titles("levels => array['master'' | ''~lbachelor'], page_size => 5")).toEqual([]);
    expect(await titles("fields => array['Geology\\\\'], page_size => 5")).toEqual([]);
    expect(await titles('countries => array[]::text[], page_size => 5')).toEqual([]);
    expect((await titles("countries => array['GB'], page_size => 5")).length).toBe(5);
  });
});
