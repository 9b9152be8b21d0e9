import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../../../supabase/local/db/request-context.ts';
import { isPostgresError } from '../../../supabase/local/db/types.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { attach, course, draft, intake, move, person, submitted } from './fixtures.ts';

type Who = 'anon' | 'owner' | 'other' | 'counsellor' | 'admin';
const everyone: Who[] = ['anon', 'owner', 'other', 'counsellor', 'admin'];

let stack: RunningStack;
const ids = {} as Record<Who, string> & {
  draft: string;
  submitted: string;
  course: string;
  spareIntake: string;
  path: string;
};

beforeAll(async () => {
  stack = await startTestStack();
  const [owner, other, counsellor, admin] = [
    await person(stack),
    await person(stack),
    await person(stack, ['counsellor']),
    await person(stack, ['admin']),
  ];
  Object.assign(ids, {
    anon: '',
    owner: owner.id,
    other: other.id,
    counsellor: counsellor.id,
    admin: admin.id,
  });
  ids.course = await course(stack);
  ids.submitted = (await submitted(owner, ids.course, await intake(stack, ids.course))).id;
  ids.draft = (await draft(owner, ids.course, await intake(stack, ids.course))).id;
  ids.path = (await attach(owner, ids.draft, 'passport')).storage_path;
  ids.spareIntake = await intake(stack, ids.course);
  await move(counsellor, ids.submitted, 'under_review');
  await counsellor.client
    .from('application_notes')
    .insert({ application_id: ids.submitted, body: 'Strong maths.' });
});
afterAll(() => stack.stop());

/** Rows the statement returned or touched for the caller, or the SQLSTATE it was refused with. */
async function verdict(who: Who, sql: string): Promise<number | string> {
  const filled = sql
    .replaceAll(':owner', `'${ids.owner}'`)
    .replaceAll(':me', who === 'anon' ? 'null' : `'${ids[who]}'`)
    .replaceAll(':draft', `'${ids.draft}'`)
    .replaceAll(':submitted', `'${ids.submitted}'`)
    .replaceAll(':course', `'${ids.course}'`)
    .replaceAll(':spare', `'${ids.spareIntake}'`);
  const caller =
    who === 'anon' ? { role: 'anon', claims: {} } : { role: 'authenticated', claims: { sub: ids[who] } };
  try {
    const result = await runAs(stack.db, { ...caller, method: 'POST', path: '/rls-test' }, (tx) =>
      tx.query(filled),
    );
    return /^\s*select/i.test(filled) ? result.rows.length : (result.affectedRows ?? 0);
  } catch (error) {
    if (isPostgresError(error)) return error.code;
    throw error;
  }
}

async function matrix(sql: string): Promise<Record<Who, number | string>> {
  const out = {} as Record<Who, number | string>;
  for (const who of everyone) out[who] = await verdict(who, sql);
  return out;
}

const row = (
  anon: number | string,
  owner: number | string,
  other: number | string,
  counsellor: number | string,
  admin: number | string,
) => ({
  anon,
  owner,
  other,
  counsellor,
  admin,
});
const DENIED = '42501';

describe('row-level security on the application tables', () => {
  it('applications', async () => {
    // Counted within this file's course: staff also see the seed's demo application.
    expect(await matrix('select id from public.applications where course_id = :course')).toEqual(
      row(DENIED, 2, 0, 2, 2),
    );
    expect(
      await matrix(
        `update public.applications set current_step = 'review', version = version where id = :draft`,
      ),
    ).toEqual(row(DENIED, 1, 0, 0, 0));
    expect(
      await matrix(
        `update public.applications set current_step = 'review', version = version where id = :submitted`,
      ),
    ).toEqual(row(DENIED, 0, 0, 0, 0));
    expect(
      await matrix(`update public.applications set status = 'enrolled', version = version where id = :draft`),
    ).toEqual(row(DENIED, DENIED, DENIED, DENIED, DENIED));
    expect(
      await matrix(
        `insert into public.applications (applicant_id, course_id, intake_id) values (:owner, :course, :spare)`,
      ),
    ).toEqual(row(DENIED, 1, DENIED, DENIED, DENIED));
    expect(
      await matrix(
        `insert into public.applications (applicant_id, course_id, intake_id) values (:me, :course, :spare)`,
      ),
    ).toMatchObject({ anon: DENIED, other: 1, counsellor: 1, admin: 1 });
    expect(await matrix('delete from public.applications where id = :submitted')).toEqual(
      row(DENIED, 0, 0, 0, 0),
    );
  });

  it('application_status_history', async () => {
    expect(
      await matrix(
        'select id from public.application_status_history where application_id in (:submitted, :draft)',
      ),
    ).toEqual(row(DENIED, 2, 0, 2, 2));
    expect(
      await matrix(
        `insert into public.application_status_history (application_id, to_status, actor_kind) values (:submitted, 'enrolled', 'system')`,
      ),
    ).toEqual(row(DENIED, DENIED, DENIED, DENIED, DENIED));
    expect(await matrix(`update public.application_status_history set note = 'x'`)).toEqual(
      row(DENIED, DENIED, DENIED, DENIED, DENIED),
    );
    expect(await matrix('delete from public.application_status_history')).toEqual(
      row(DENIED, DENIED, DENIED, DENIED, DENIED),
    );
  });

  it('application_notes', async () => {
    expect(await matrix('select id from public.application_notes')).toEqual(row(DENIED, 0, 0, 1, 1));
    expect(
      await matrix(
        `insert into public.application_notes (application_id, author, body) values (:submitted, :me, 'Hi')`,
      ),
    ).toEqual(row(DENIED, DENIED, DENIED, 1, 1));
    expect(await matrix(`update public.application_notes set body = 'changed'`)).toEqual(
      row(DENIED, DENIED, DENIED, DENIED, DENIED),
    );
    expect(await matrix(`delete from public.application_notes where author = :owner or body = 'Hi'`)).toEqual(
      row(DENIED, 0, 0, 1, 1),
    );
  });

  it('application_documents', async () => {
    // Counted within this file's applications: staff also see the seed's demo documents.
    expect(
      await matrix(
        'select id from public.application_documents where application_id in (:submitted, :draft)',
      ),
    ).toEqual(row(DENIED, 3, 0, 3, 3));
    // A stored object's path passes the trigger, so what decides is the policy (or, for the owner,
    // the one-record-per-file rule).
    const path = `'${ids.path}'`;
    expect(
      await matrix(
        `insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type) values (:draft, 'cv', ${path}, 'cv.pdf', 10, 'application/pdf')`,
      ),
    ).toEqual(row(DENIED, '23505', DENIED, DENIED, DENIED));
    expect(await matrix(`update public.application_documents set status = 'verified'`)).toEqual(
      row(DENIED, DENIED, DENIED, DENIED, DENIED),
    );
    expect(
      await matrix('delete from public.application_documents where application_id = :submitted'),
    ).toEqual(row(DENIED, 0, 0, 0, 0));
    expect(await matrix('delete from public.application_documents where application_id = :draft')).toEqual(
      row(DENIED, 1, 0, 0, 0),
    );
  });

  it('notification_outbox', async () => {
    // The submission receipt (composed from its event); the start of the review is not worth an e-mail.
    await stack.db.query('select public.compose_notifications(0)');
    expect(
      await matrix('select id from public.notification_outbox where application_id in (:submitted, :draft)'),
    ).toEqual(row(DENIED, 0, 0, 1, 1));
    expect(
      await matrix(
        `insert into public.notification_outbox (recipient, kind, subject, body) values ('a@b.c', 'application_submitted', 's', 'b')`,
      ),
    ).toEqual(row(DENIED, DENIED, DENIED, DENIED, DENIED));
    expect(await matrix('update public.notification_outbox set sent_at = now()')).toEqual(
      row(DENIED, DENIED, DENIED, DENIED, DENIED),
    );
    expect(await matrix('delete from public.notification_outbox')).toEqual(
      row(DENIED, DENIED, DENIED, DENIED, DENIED),
    );
  });

  it('files in the application-documents bucket', async () => {
    const inBucket = `from storage.objects where bucket_id = 'application-documents'`;
    expect(await matrix(`select id ${inBucket} and name like :owner || '/%'`)).toEqual(row(0, 3, 0, 3, 3));
    expect(
      await matrix(
        `update storage.objects set name = name || '.x' where bucket_id = 'application-documents'`,
      ),
    ).toEqual(row(0, 0, 0, 0, 0));
    expect(
      await matrix(
        `insert into storage.objects (bucket_id, name) values ('application-documents', :owner || '/' || :draft || '/00000000-0000-4000-8000-000000000000-x.pdf')`,
      ),
    ).toMatchObject({ anon: DENIED, owner: DENIED, other: DENIED, counsellor: DENIED, admin: DENIED });
    expect(await matrix(`delete ${inBucket} and name like '%' || :submitted || '%'`)).toEqual(
      row(0, 0, 0, 0, 0),
    );
  });
});
