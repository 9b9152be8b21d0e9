import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { anon, attempt, count, createUser, firstId, service, type Caller } from './catalogue-helpers.ts';

let stack: RunningStack;
let owner: Caller & { sub: string };
let other: Caller & { sub: string };
let courseId: string;
let hiddenCourseId: string;
beforeAll(async () => {
  stack = await startTestStack();
  owner = { role: 'authenticated', sub: await createUser(stack.db) };
  other = { role: 'authenticated', sub: await createUser(stack.db) };
  courseId = await firstId(
    stack.db,
    'select id from public.courses where published and university_published limit 1',
  );
  hiddenCourseId = await firstId(stack.db, 'select id from public.courses where not published limit 1');
});
afterAll(() => stack.stop());

const save = 'insert into public.shortlist_items (user_id, course_id) values ($1, $2)';

describe('shortlist', () => {
  it('lets a signed-in user save a visible course for themselves only', async () => {
    expect(await attempt(stack.db, owner, save, [owner.sub, courseId])).toEqual({ rows: 1 });
    expect(await attempt(stack.db, other, save, [owner.sub, courseId])).toEqual({ code: '42501' });
    expect(await attempt(stack.db, owner, save, [owner.sub, hiddenCourseId])).toEqual({ code: '42501' });
    expect(await attempt(stack.db, anon, save, [owner.sub, courseId])).toEqual({ code: '42501' });
  });

  it('shows the saved course to its owner and to nobody else', async () => {
    expect(await count(stack.db, owner, 'public.shortlist_items')).toBe(1);
    expect(await count(stack.db, other, 'public.shortlist_items')).toBe(0);
    expect(await attempt(stack.db, anon, 'select * from public.shortlist_items')).toEqual({ code: '42501' });
  });

  it('lets only the owner remove it', async () => {
    const remove = 'delete from public.shortlist_items where course_id = $1';
    expect(await attempt(stack.db, other, remove, [courseId])).toEqual({ rows: 0 });
    expect(await attempt(stack.db, anon, remove, [courseId])).toEqual({ code: '42501' });
    expect(
      await attempt(stack.db, other, 'update public.shortlist_items set user_id = $1', [other.sub]),
    ).toEqual({ code: '42501' });
    expect(await count(stack.db, service, 'public.shortlist_items')).toBe(1);
    expect(await attempt(stack.db, owner, remove, [courseId])).toEqual({ rows: 1 });
    expect(await count(stack.db, service, 'public.shortlist_items')).toBe(0);
  });

  it('goes away with the account', async () => {
    await attempt(stack.db, owner, save, [owner.sub, courseId]);
    await stack.db.query('delete from auth.users where id = $1', [owner.sub]);
    expect(await count(stack.db, service, 'public.shortlist_items')).toBe(0);
  });
});
