// The assessment section: on Postgres, with 10,000 submitted applications read by 20 readers, how
// long a reader's queue, an application's reads and an intake's committee ranking take through the
// REST API, and how long assigning a day's 500 new submissions takes in the database.
import type { SupabaseClient } from '@supabase/supabase-js';
import { person } from '../integration/applications/fixtures.ts';
import type { RunningStack } from '../../supabase/local/server.ts';
import { onScratchStack } from './scratch-stack.ts';
import { latencies, percentile } from './stats.ts';
import { SectionRecorder } from './types.ts';

const APPLICATIONS = 10_000;
const READERS = 20;
const INTAKES = 10;
const NEW_SUBMISSIONS = 500;
export const ASSESSMENT_SUBJECT = 'Postgres';

const CRITERIA = JSON.stringify([
  { key: 'academic', label: 'Academic record', weight: 2, min: 1, max: 5, levels: ['1', '2', '3', '4', '5'] },
  { key: 'motivation', label: 'Motivation', weight: 1, min: 1, max: 5, levels: ['1', '2', '3', '4', '5'] },
]);

/** The data: intakes on one course, readers (one signed in for the REST calls), applications and reads. */
async function seed(stack: RunningStack, reader: string, admin: string) {
  const db = stack.db;
  await db.query(`
    with u as (select id from public.universities where published order by slug limit 1),
    c as (
      insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
        tuition_currency, published)
      select 'bench-assessment', u.id, 'Bench Assessment', 'master', 'Computing', 12, 9000, 'GBP', true from u
      returning id)
    insert into public.intakes (course_id, term, start_date, deadline, status)
    select c.id, 'Bench term ' || n, current_date + 300, current_date + 100, 'open'
    from c, generate_series(1, ${INTAKES}) n`);
  // Readers: the signed-in one and 19 more, each a counsellor who reads.
  await db.query(`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
      created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-reader-' || n || '@example.test', now(),
      '{"provider": "email"}', '{}', now(), now()
    from generate_series(2, ${READERS}) n`);
  await db.query(
    `insert into public.user_roles (user_id, role)
     select u.id, r from auth.users u cross join unnest(array['counsellor', 'reader']) r
     where u.email like 'bench-reader-%'`,
  );
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'reader')`, [reader]);
  await db.query(`update public.admissions_settings set reader_cap = 10000`);
  await db.query(`insert into public.scoresheets (name) values ('Bench')`);
  await db.query(
    `insert into public.scoresheet_versions (scoresheet_id, number, criteria)
     select id, 1, $1::jsonb from public.scoresheets where name = 'Bench'`,
    [CRITERIA],
  );
  // Applicants and their applications, submitted without the trigger's assignment (assigned below in bulk).
  await db.query(`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
      created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-applicant-' || n || '@example.test', now(),
      '{"provider": "email"}', '{}', now(), now()
    from generate_series(1, ${APPLICATIONS + NEW_SUBMISSIONS}) n`);
  await db.query(`
    insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
    select u.id, i.course_id, i.id, 'under_review',
      'UP-2026-' || upper(lpad(to_hex(row_number() over (order by u.email)::integer), 6, '0')),
      now() - make_interval(mins => (row_number() over (order by u.email))::integer),
      jsonb_build_object('personal', jsonb_build_object('full_name', 'Applicant ' || u.email))
    from auth.users u
    join lateral (select id, course_id from public.intakes
      where term = 'Bench term ' || (1 + abs(hashtext(u.email)) % ${INTAKES})) i on true
    where u.email like 'bench-applicant-%'`);
  const { rows } = await db.query<{ id: string }>(
    `select id from public.applications where course_id = (select id from public.courses where slug = 'bench-assessment')
     order by submitted_at limit ${APPLICATIONS}`,
  );
  const ids = rows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += 5000)
    await db.query('select public.fill_reads($1::uuid[])', [ids.slice(start, start + 5000)]);
  // Two thirds of the reads are sent, with scores spread over the scale.
  await db.query(`
    update public.application_reads r set status = 'submitted', submitted_at = now(),
      scoresheet_version_id = (select id from public.scoresheet_versions limit 1),
      scores = jsonb_build_object('academic', 1 + abs(hashtext(r.id::text)) % 5, 'motivation', 1 + abs(hashtext(r.reader_id::text || r.id)) % 5),
      recommendation = 'recommend', total = (abs(hashtext(r.id::text)) % 101)
    where abs(hashtext(r.id::text)) % 3 <> 0`);
  void admin;
}

export async function runAssessment({ postgres, quick }: { postgres: string | undefined; quick: boolean }) {
  const rec = new SectionRecorder('assessment');
  if (!postgres) {
    rec.unmeasured(
      ASSESSMENT_SUBJECT,
      'no Postgres database given (use --postgres URL or BENCH_POSTGRES_URL)',
    );
    return rec;
  }
  await onScratchStack(postgres, async (stack) => {
    const reader = await person(stack, ['counsellor']);
    const admin = await person(stack, ['admin']);
    const started = performance.now();
    await seed(stack, reader.id, admin.id);
    rec.note(
      `${APPLICATIONS.toLocaleString('en')} applications under review on ${INTAKES} intakes, ${READERS} readers, two reads each, two thirds sent; seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    const samples = quick ? 20 : 100;
    const { data: sample } = await stack.db
      .query<{ id: string; intake_id: string }>(
        `select r.application_id as id, a.intake_id from public.application_reads r
         join public.applications a on a.id = r.application_id where r.reader_id = $1 limit 1`,
        [reader.id],
      )
      .then((result) => ({ data: result.rows[0] }));
    if (!sample) throw new Error('the signed-in reader was given no read');
    const client: SupabaseClient = reader.client;
    const rows: string[][] = [];
    const measure = async (name: string, label: string, call: () => PromiseLike<{ error: unknown }>) => {
      const times = await latencies(samples, call);
      const p95 = percentile(times, 95);
      rec.metric(ASSESSMENT_SUBJECT, name, p95, 'ms');
      rows.push([label, String(times.length), percentile(times, 50).toFixed(1), p95.toFixed(1)]);
    };
    await measure('reader-queue-p95', 'a reader’s queue (My reads)', () =>
      client
        .from('application_reads')
        .select(
          'id, status, extra, assigned_at, submitted_at, total, application:applications(id, reference, course:courses(title), intake:intakes(term))',
        )
        .eq('reader_id', reader.id)
        .order('assigned_at')
        .limit(500),
    );
    await measure('application-reads-p95', 'an application’s reads and results', async () => {
      const [reads, results] = await Promise.all([
        client.from('application_reads').select('*').eq('application_id', sample.id),
        client.rpc('read_results', { application_ids: [sample.id] }),
      ]);
      return { error: reads.error ?? results.error };
    });
    await measure('committee-ranking-p95', 'an intake’s committee ranking', () =>
      admin.client.rpc('committee_ranking', {
        intake_id: sample.intake_id,
        only_complete: true,
        max_rows: 200,
      }),
    );
    rec.table('Assessment through the REST API (ms)', ['request', 'samples', 'p50', 'p95'], rows);
    const fresh = await stack.db.query<{ id: string }>(
      `select a.id from public.applications a where a.course_id = (select id from public.courses where slug = 'bench-assessment')
       and not exists (select 1 from public.application_reads r where r.application_id = a.id) limit ${NEW_SUBMISSIONS}`,
    );
    const assignStarted = performance.now();
    const assigned = await admin.client.rpc('assign_reads', {
      application_ids: fresh.rows.map((row) => row.id),
    });
    const assignMs = performance.now() - assignStarted;
    if (assigned.error) throw new Error(JSON.stringify(assigned.error));
    rec.metric(ASSESSMENT_SUBJECT, 'assign-500-ms', assignMs, 'ms');
    rec.note(
      `Assigning ${fresh.rows.length} new submissions gave ${String(assigned.data)} reads in ${assignMs.toFixed(0)} ms (one assign_reads call).`,
    );
  });
  return rec;
}
