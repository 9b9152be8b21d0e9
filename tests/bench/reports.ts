// The reports section: on Postgres, with 100,000 applications in this cycle and 20,000 in the last,
// how long the reports take through the REST API for an administrator (every report at once, as the
// page asks, narrowed by a university or a nationality, and each report alone) and for a counsellor who
// covers one university.
import type { SupabaseClient } from '@supabase/supabase-js';
import { person } from '../integration/applications/fixtures.ts';
import type { RunningStack } from '../../supabase/local/server.ts';
import { onScratchStack } from './scratch-stack.ts';
import { latencies, percentile } from './stats.ts';
import { SectionRecorder } from './types.ts';

const APPLICATIONS = 100_000;
const PREVIOUS = 20_000;
const COURSES = 40;
export const REPORTS_SUBJECT = 'Postgres';

/**
 * Two cycles laid down as they stand, triggers off (the functions that move applications on are
 * measured elsewhere): applicants with a nationality, applications spread over four months, the
 * history of their steps and their released decisions.
 */
export async function seedForReports(stack: RunningStack, cycle: number): Promise<void> {
  await stack.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(`
      insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
        tuition_currency, published)
      select 'bench-report-' || n, u.id, 'Bench Report Course ' || n, case when n % 3 = 0 then 'master' else 'bachelor' end,
        'Field ' || (n % 7), 36, 9000, 'GBP', true
      from generate_series(1, ${COURSES}) n
      join lateral (select id from public.universities where published order by slug offset (n % 2) limit 1) u on true`);
    await tx.query(`
      insert into public.intakes (course_id, term, start_date, deadline, status)
      select c.id, 'September ' || y, make_date(y, 9, 15), make_date(y, 6, 30), 'open'
      from public.courses c, unnest(array[${cycle}, ${cycle - 1}]) y where c.slug like 'bench-report-%'`);
    await tx.query(`
      insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
        created_at, updated_at)
      select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-report-' || n || '@example.test', now(),
        '{"provider": "email"}', '{}', now(), now()
      from generate_series(1, ${APPLICATIONS + PREVIOUS}) n`);
    await tx.query(`
      insert into public.profiles (id, full_name, nationality, country)
      select u.id, 'Applicant', (array['NG', 'IN', 'CN', 'GB', 'US', 'BR', 'KE', 'PK'])[1 + abs(hashtext(u.email)) % 8],
        (array['NG', 'IN', 'CN', 'GB', 'AE'])[1 + abs(hashtext(u.email || 'r')) % 5]
      from auth.users u where u.email like 'bench-report-%'
      on conflict (id) do update set nationality = excluded.nationality, country = excluded.country`);
    // This cycle's applications started over the last 120 days; the last cycle's a year earlier.
    await tx.query(`
      insert into public.applications (id, group_id, applicant_id, course_id, intake_id, status, reference, created_at,
        submitted_at)
      select x.id, x.id, x.uid, i.course_id, i.id, x.status, 'UP-' || x.y || '-' || upper(lpad(to_hex(x.n), 6, '0')),
        x.started, case when x.status <> 'draft' then x.started + interval '2 days' end
      from (
        select gen_random_uuid() id, u.id uid, row_number() over (order by u.email)::integer n,
          case when row_number() over (order by u.email) <= ${APPLICATIONS} then ${cycle} else ${cycle - 1} end y,
          (array['draft', 'submitted', 'under_review', 'under_review', 'offer_conditional', 'rejected', 'accepted',
            'enrolled', 'waitlisted', 'withdrawn'])[1 + abs(hashtext(u.email || 's')) % 10] status,
          now() - make_interval(days => abs(hashtext(u.email || 'd')) % 120)
            - case when row_number() over (order by u.email) <= ${APPLICATIONS} then interval '0' else interval '1 year' end started,
          abs(hashtext(u.email || 'c')) % ${COURSES} + 1 course_n
        from auth.users u where u.email like 'bench-report-%') x
      join public.intakes i on i.term = 'September ' || x.y
        and i.course_id = (select c.id from public.courses c where c.slug = 'bench-report-' || x.course_n)`);
    await tx.query(`
      insert into public.application_status_history (application_id, from_status, to_status, actor_kind, created_at)
      select a.id, 'submitted', 'under_review', 'admissions', a.submitted_at + interval '1 day'
      from public.applications a where a.reference like 'UP-%' and a.status not in ('draft', 'submitted', 'withdrawn')
        and a.course_id in (select id from public.courses where slug like 'bench-report-%')
      union all
      select a.id, 'offer_conditional', a.status, 'applicant', a.submitted_at + interval '20 days'
      from public.applications a where a.status in ('accepted', 'enrolled')
        and a.course_id in (select id from public.courses where slug like 'bench-report-%')`);
    await tx.query(`
      insert into public.application_decisions (application_id, outcome, from_status, conditions, reason_id, state,
        recommended_at, approved_at, released_at)
      select a.id, case when a.status = 'rejected' then 'rejected' when a.status = 'waitlisted' then 'waitlisted'
          else 'offer_conditional' end, 'under_review', 'Pass.',
        case when a.status = 'rejected' then (select r.id from public.decision_reasons r where r.outcome = 'rejected' limit 1) end,
        'released', a.submitted_at + make_interval(days => 3 + abs(hashtext(a.id::text)) % 40),
        a.submitted_at + make_interval(days => 4 + abs(hashtext(a.id::text)) % 40),
        a.submitted_at + make_interval(days => 4 + abs(hashtext(a.id::text)) % 40)
      from public.applications a where a.status in ('offer_conditional', 'rejected', 'accepted', 'enrolled', 'waitlisted')
        and a.course_id in (select id from public.courses where slug like 'bench-report-%')`);
    // The steps each application reached, as the status trigger keeps them.
    await tx.query('select public.backfill_application_steps()');
  });
  // Vacuumed as well as analysed, as a live database's tables are: left to autovacuum, the freshly
  // loaded tables would be vacuumed in the middle of the measurements.
  await stack.db.query('vacuum analyze');
}

export async function runReports({ postgres, quick }: { postgres: string | undefined; quick: boolean }) {
  const rec = new SectionRecorder('reports');
  if (!postgres) {
    rec.unmeasured(REPORTS_SUBJECT, 'no Postgres database given (use --postgres URL or BENCH_POSTGRES_URL)');
    return rec;
  }
  await onScratchStack(postgres, async (stack) => {
    const admin = await person(stack, ['admin']);
    const office = await person(stack, ['counsellor']);
    const cycle = new Date().getUTCFullYear() + 1;
    const started = performance.now();
    await seedForReports(stack, cycle);
    const { rows } = await stack.db.query<{ id: string }>(
      `select c.university_id as id from public.courses c where c.slug = 'bench-report-1'`,
    );
    const university = rows[0]?.id ?? '';
    await stack.db.query('insert into public.staff_universities (user_id, university_id) values ($1, $2)', [
      office.id,
      university,
    ]);
    rec.note(
      `${APPLICATIONS.toLocaleString('en')} applications in the ${cycle} cycle and ${PREVIOUS.toLocaleString('en')} in the last, on ${COURSES} courses of two universities; seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    const samples = quick ? 10 : 40;
    const table: string[][] = [];
    const measure = async (
      name: string,
      label: string,
      client: SupabaseClient,
      filters: Record<string, unknown>,
    ) => {
      const times = await latencies(samples, () => client.rpc('admissions_report', { filters }), 3);
      const p95 = percentile(times, 95);
      rec.metric(REPORTS_SUBJECT, name, p95, 'ms');
      table.push([label, String(times.length), percentile(times, 50).toFixed(1), p95.toFixed(1)]);
    };
    await measure('report-all-p95', 'every report, every university (administrator)', admin.client, {
      cycle,
    });
    await measure('report-university-p95', 'narrowed to one university', admin.client, { cycle, university });
    await measure('report-nationality-p95', 'narrowed to one nationality', admin.client, {
      cycle,
      nationality: 'NG',
    });
    await measure('report-counsellor-p95', 'a counsellor of one university', office.client, { cycle });
    for (const [section, label] of [
      ['funnel', 'the funnel alone'],
      ['time_to_decision', 'time to decision alone'],
      ['applicants', 'applicants alone'],
      ['staff', 'readers and staff alone'],
    ] as const) {
      await measure(`report-${section}-p95`, label, admin.client, { cycle, sections: [section] });
    }
    rec.table('Reports through the REST API (ms)', ['request', 'samples', 'p50', 'p95'], table);
  });
  return rec;
}
