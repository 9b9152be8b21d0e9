-- Reports: public.admissions_report over a small cycle built by hand, every figure checked against
-- what was built. Two universities, a course each; cycle 2027 read as of 1 March 2027 beside cycle
-- 2026 as of 1 March 2026. Only staff read reports, and a counsellor of one university sees its
-- applications only.
begin;
select plan(58);
select tests.create_user(h) from unnest(array['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']) h;
select tests.create_user('admin', 'admin');
select tests.create_user('office_a', 'counsellor');
select tests.create_user('reader1', 'counsellor');

insert into public.universities (slug, name, country_code, city, currency, published) values
  ('rep-uni-a', 'Report University A', 'GB', 'Bath', 'GBP', true),
  ('rep-uni-b', 'Report University B', 'GB', 'York', 'GBP', true);
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
  tuition_currency, published)
select x.slug, u.id, x.title, x.level, x.field, 36, 9000, 'GBP', true
from (values ('rep-course-a', 'rep-uni-a', 'Report Course A', 'bachelor', 'Computing'),
  ('rep-course-b', 'rep-uni-b', 'Report Course B', 'master', 'Law')) x (slug, uni, title, level, field)
join public.universities u on u.slug = x.uni;
insert into public.intakes (id, course_id, term, start_date, deadline, status)
select x.id::uuid, c.id, x.term, x.starts::date, x.closes::date, 'open'
from (values ('a0000000-0000-4000-8000-000000002027', 'rep-course-a', 'A 2027', '2027-09-15', '2027-06-30'),
  ('a0000000-0000-4000-8000-000000002026', 'rep-course-a', 'A 2026', '2026-09-15', '2026-06-30'),
  ('b0000000-0000-4000-8000-000000002027', 'rep-course-b', 'B 2027', '2027-09-15', '2027-06-30'))
  x (id, slug, term, starts, closes)
join public.courses c on c.slug = x.slug;
insert into public.staff_universities (user_id, university_id)
  select tests.user_id('office_a'), u.id from public.universities u where u.slug = 'rep-uni-a';
update public.profiles p set nationality = x.nat, country = x.home
from (values ('p1', 'NG', 'GB'), ('p2', 'NG', 'NG'), ('p3', 'IN', 'IN'), ('p4', 'IN', 'AE'), ('p7', 'GH', 'GH'),
  ('p8', 'NG', 'NG')) x (who, nat, home)
where p.id = tests.user_id(x.who);

-- The applications, their steps and decisions, written as they stand (the functions that move them
-- on are tested elsewhere); triggers stay off while the history is laid down with its own dates.
set local session_replication_role = replica;
-- The demo seed's applications are set aside, so that every figure is this file's own.
delete from public.applications;
create temp table rep (k text primary key, v uuid default gen_random_uuid());
insert into rep (k) values ('c1'), ('c2'), ('c3'), ('c4'), ('c5'), ('c6'), ('c7'), ('q1'), ('q2');
insert into public.applications (id, group_id, applicant_id, course_id, intake_id, status, reference, created_at,
  submitted_at, assigned_to)
select r.v, r.v, tests.user_id(x.who), i.course_id, i.id, x.status,
  case when x.submitted is not null then 'UP-2027-' || upper(x.k) || 'AAAA' end,
  x.created::timestamptz, x.submitted::timestamptz, case when x.k = 'c4' then tests.user_id('office_a') end
from (values
  ('c1', 'p1', 'a0000000-0000-4000-8000-000000002027', 'enrolled', '2027-01-05', '2027-01-10'),
  ('c2', 'p2', 'a0000000-0000-4000-8000-000000002027', 'rejected', '2027-01-06', '2027-01-11'),
  ('c3', 'p3', 'a0000000-0000-4000-8000-000000002027', 'offer_unconditional', '2027-01-07', '2027-01-12'),
  ('c4', 'p4', 'a0000000-0000-4000-8000-000000002027', 'submitted', '2027-01-08', '2027-02-01'),
  ('c5', 'p5', 'a0000000-0000-4000-8000-000000002027', 'draft', '2027-02-02', null),
  ('c6', 'p1', 'b0000000-0000-4000-8000-000000002027', 'offer_conditional', '2027-01-05', '2027-01-10'),
  ('c7', 'p6', 'a0000000-0000-4000-8000-000000002027', 'submitted', '2027-03-10', '2027-03-11'),
  ('q1', 'p7', 'a0000000-0000-4000-8000-000000002026', 'accepted', '2026-01-03', '2026-01-04'),
  ('q2', 'p8', 'a0000000-0000-4000-8000-000000002026', 'submitted', '2026-02-01', '2026-04-01'))
  x (k, who, intake, status, created, submitted)
join rep r on r.k = x.k
join public.intakes i on i.id = x.intake::uuid;
insert into public.application_status_history (application_id, from_status, to_status, actor_kind, created_at)
select r.v, null, x.to_status, 'admissions', x.at::timestamptz
from (values ('c1', 'under_review', '2027-01-12'), ('c1', 'conditions_pending', '2027-01-25'),
  ('c1', 'accepted', '2027-02-01'), ('c1', 'enrolled', '2027-02-20'),
  ('c2', 'under_review', '2027-01-13'), ('c3', 'under_review', '2027-01-14'), ('c6', 'under_review', '2027-01-15'),
  ('q1', 'under_review', '2026-01-05'), ('q1', 'accepted', '2026-01-20')) x (k, to_status, at)
join rep r on r.k = x.k;
insert into public.application_decisions (application_id, outcome, from_status, conditions, reason_id, state,
  recommended_by, recommended_at, approved_at, released_at)
select r.v, x.outcome, 'under_review', case when x.outcome = 'offer_conditional' then 'Pass.' end,
  case when x.outcome = 'rejected' then gen_random_uuid() end, 'released', tests.user_id('office_a'),
  x.at::timestamptz - interval '1 day', x.at::timestamptz, x.at::timestamptz
from (values ('c1', 'offer_conditional', '2027-01-20'), ('c2', 'rejected', '2027-01-31'),
  ('c3', 'offer_unconditional', '2027-02-21'), ('c6', 'offer_conditional', '2027-03-05'),
  ('q1', 'offer_unconditional', '2026-01-14')) x (k, outcome, at)
join rep r on r.k = x.k;
insert into public.application_reads (application_id, reader_id, status, scoresheet_version_id, total,
  recommendation, submitted_at)
select r.v, tests.user_id('reader1'), x.status, case when x.status = 'submitted' then gen_random_uuid() end,
  case when x.status = 'submitted' then 70 end,
  case when x.status = 'submitted' then (public.read_recommendations())[1] end, x.at::timestamptz
from (values ('c3', 'submitted', '2027-02-10'), ('c4', 'assigned', null)) x (k, status, at)
join rep r on r.k = x.k;
-- The steps each application reached, as the status trigger keeps them.
select public.backfill_application_steps();
set local session_replication_role = origin;

create temp table got (who text primary key, report jsonb);
grant all on got to authenticated;
select tests.authenticate_as('admin');
insert into got values ('admin', public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z"}'));
insert into got values ('admin_in', public.admissions_report(
  '{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z", "nationality": "IN"}'));
insert into got values ('admin_days', public.admissions_report(
  '{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z", "from": "2027-01-06", "to": "2027-01-07"}'));
insert into got values ('admin_b', public.admissions_report(jsonb_build_object('cycle', 2027,
  'as_of', '2027-03-01T00:00:00Z', 'university', (select u.id from public.universities u where u.slug = 'rep-uni-b'))));
select tests.authenticate_as('office_a');
insert into got values ('office', public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z"}'));
insert into got values ('office_b', public.admissions_report(jsonb_build_object('cycle', 2027,
  'as_of', '2027-03-01T00:00:00Z', 'university', (select u.id from public.universities u where u.slug = 'rep-uni-b'))));
select tests.clear_authentication();

-- The funnel: six started by 1 March (c7 came later), five submitted, four reviewed, three decided
-- (c6's offer went out on 5 March), two offered, one accepted and enrolled.
select is((select report->'funnel'->'current' from got where who = 'admin'),
  '{"started": 6, "submitted": 5, "complete": 4, "decided": 3, "offered": 2, "accepted": 1, "enrolled": 1}'::jsonb,
  'the funnel of the cycle as of the day counts each step reached by then');
-- A year earlier: q2 was started but submitted only in April.
select is((select report->'funnel'->'previous' from got where who = 'admin'),
  '{"started": 2, "submitted": 1, "complete": 1, "decided": 1, "offered": 1, "accepted": 1, "enrolled": 0}'::jsonb,
  'the previous cycle is read on the same date a year before');
select is((select (report->>'cycle')::int * 10000 + (report->>'previous_cycle')::int from got where who = 'admin'),
  20272026, 'the report names the cycle and the one it is compared with');

-- Per course and intake.
select is((select jsonb_agg(x - 'course_id' - 'intake_id' order by x->>'term') from got,
    jsonb_array_elements(report->'by_course') x where who = 'admin'),
  '[{"course_title": "Report Course A", "university_name": "Report University A", "term": "A 2027", "started": 5,
     "submitted": 4, "complete": 3, "decided": 3, "offered": 2, "accepted": 1, "enrolled": 1, "previous_submitted": 1},
    {"course_title": "Report Course B", "university_name": "Report University B", "term": "B 2027", "started": 1,
     "submitted": 1, "complete": 1, "decided": 0, "offered": 0, "accepted": 0, "enrolled": 0, "previous_submitted": 0}]'::jsonb,
  'each course and intake has its own funnel and last cycle''s submissions beside it');

-- Time to decision: 10, 20 and 40 days from submission to the first released decision.
select is((select report->'time_to_decision'->'current' from got where who = 'admin'),
  '{"decided": 3, "median_days": 20.0, "p90_days": 36.0}'::jsonb, 'the median and 90th percentile days to a decision');
select is((select report->'time_to_decision'->'previous' from got where who = 'admin'),
  '{"decided": 1, "median_days": 10.0, "p90_days": 10.0}'::jsonb, 'and the previous cycle''s at the same date');
select is((select report->'time_to_decision'->'by_month' from got where who = 'admin'),
  '[{"month": "2027-01-01", "decided": 2, "median_days": 15.0, "p90_days": 19.0},
    {"month": "2027-02-01", "decided": 1, "median_days": 40.0, "p90_days": 40.0}]'::jsonb,
  'time to decision by the month the decision went out');
select is((select jsonb_agg(x - 'course_id') from got, jsonb_array_elements(report->'time_to_decision'->'by_course') x
    where who = 'admin'),
  '[{"course_title": "Report Course A", "university_name": "Report University A", "decided": 3, "median_days": 20.0,
     "p90_days": 36.0}]'::jsonb, 'and by course');

-- Waiting longest: c4, submitted on 1 February and not decided, 28 days on 1 March.
select is((select jsonb_agg(jsonb_build_object('id', x->>'id', 'days', x->'days')) from got,
    jsonb_array_elements(report->'waiting') x where who = 'admin'),
  jsonb_build_array(jsonb_build_object('id', (select v from rep where k = 'c4'), 'days', 28.0)),
  'the applications waiting longest for a decision, with their days waiting');

-- Applicants by nationality, each counted once (p1 has two choices); residence; level and field.
select is((select report->'nationality' from got where who = 'admin'),
  '[{"key": "IN", "current": 2, "previous": 0}, {"key": "NG", "current": 2, "previous": 0},
    {"key": "GH", "current": 0, "previous": 1}]'::jsonb, 'applicants by nationality, this cycle and the last');
select is((select report->'residence' from got where who = 'admin'),
  '[{"key": "AE", "current": 1, "previous": 0}, {"key": "GB", "current": 1, "previous": 0},
    {"key": "IN", "current": 1, "previous": 0}, {"key": "NG", "current": 1, "previous": 0},
    {"key": "GH", "current": 0, "previous": 1}]'::jsonb, 'applicants by country of residence');
select is((select report->'level' from got where who = 'admin'),
  '[{"key": "bachelor", "current": 4, "previous": 1}, {"key": "master", "current": 1, "previous": 0}]'::jsonb,
  'submitted applications by level');
select is((select report->'field' from got where who = 'admin'),
  '[{"key": "Computing", "current": 4, "previous": 1}, {"key": "Law", "current": 1, "previous": 0}]'::jsonb,
  'submitted applications by field');

-- Readers and staff: the office recommended c1 (week of 18 January) and c2 (week of 25 January),
-- and c3 (week of 15 February); the reader sent one read in the week of 8 February.
select is((select jsonb_agg(jsonb_build_object('email', x->>'email', 'week', x->>'week', 'decisions', x->'decisions',
    'reads', x->'reads')) from got, jsonb_array_elements(report->'staff') x where who = 'admin'),
  '[{"email": "office_a@tap.test", "week": "2027-01-18", "decisions": 1, "reads": 0},
    {"email": "office_a@tap.test", "week": "2027-01-25", "decisions": 1, "reads": 0},
    {"email": "office_a@tap.test", "week": "2027-02-15", "decisions": 1, "reads": 0},
    {"email": "reader1@tap.test", "week": "2027-02-08", "decisions": 0, "reads": 1}]'::jsonb,
  'decisions and reads per person per week');
select is((select jsonb_agg(jsonb_build_object('email', x->>'email', 'open_reads', x->'open_reads',
    'assigned', x->'assigned')) from got, jsonb_array_elements(report->'open_work') x where who = 'admin'),
  '[{"email": "office_a@tap.test", "open_reads": 0, "assigned": 1},
    {"email": "reader1@tap.test", "open_reads": 1, "assigned": 0}]'::jsonb, 'open work per person');
select is((select jsonb_array_length(report->'weeks') from got where who = 'admin'), 8, 'eight weeks of staff work');

-- Filters.
select is((select report->'funnel'->'current' from got where who = 'admin_in'),
  '{"started": 2, "submitted": 2, "complete": 1, "decided": 1, "offered": 1, "accepted": 0, "enrolled": 0}'::jsonb,
  'a nationality narrows every figure to its applicants');
select is((select report->'funnel'->'current'->>'started' from got where who = 'admin_days'), '2',
  'a date range counts the applications started within it');
select is((select report->'funnel'->'current' from got where who = 'admin_b'),
  '{"started": 1, "submitted": 1, "complete": 1, "decided": 0, "offered": 0, "accepted": 0, "enrolled": 0}'::jsonb,
  'a university narrows the report to its courses');

-- A counsellor of University A sees its figures and nothing of University B's.
select is((select report->'funnel'->'current' from got where who = 'office'),
  '{"started": 5, "submitted": 4, "complete": 3, "decided": 3, "offered": 2, "accepted": 1, "enrolled": 1}'::jsonb,
  'a counsellor''s funnel counts only the universities they cover');
select is((select report->'funnel'->'current'->>'started' from got where who = 'office_b'), '0',
  'asking for another university''s figures gives a counsellor none');
select is((select jsonb_array_length(report->'by_course') from got where who = 'office'), 1,
  'the counsellor''s course table has their course only');
select is((select report->'nationality' from got where who = 'office'),
  '[{"key": "IN", "current": 2, "previous": 0}, {"key": "NG", "current": 2, "previous": 0},
    {"key": "GH", "current": 0, "previous": 1}]'::jsonb, 'the counsellor''s breakdowns count their applicants only');
select is((select jsonb_agg(x->>'name') from got, jsonb_array_elements(report->'options'->'universities') x
    where who = 'office'), '["Report University A"]'::jsonb, 'the counsellor is offered their university only');
select ok((select report->'options'->'universities' @> '[{"name": "Report University B"}]' from got where who = 'admin'),
  'an administrator is offered every university');
select ok((select report->'options'->'cycles' @> '[2027, 2026]' from got where who = 'admin'),
  'the cycles with applications are offered');

-- Without an as_of the report is read now, and the cycle defaults to the next to start.
select tests.authenticate_as('admin');
select is((public.admissions_report('{}')->>'cycle')::int,
  (select extract(year from min(i.start_date))::int from public.intakes i where i.start_date >= current_date),
  'the cycle defaults to the one whose intakes start next');
select is(public.admissions_report('{"cycle": 2027, "as_of": "2027-04-01T00:00:00Z"}')->'funnel'->'current'
  ->>'submitted', '6', 'read a month later, the application started on 10 March counts too');
select throws_ok($$ select public.admissions_report('{"cycle": 1800}') $$, '22023',
  'Choose a cycle between 2000 and 2100.', 'a cycle out of range is refused with words');
select throws_ok($$ select public.admissions_report('{"course": "not-a-uuid"}') $$, '22P02', null,
  'a malformed id is refused as bad input');

-- Nobody but staff reads reports.
select tests.authenticate_as('p1');
select throws_ok($$ select public.admissions_report('{}') $$, '42501', 'Only admissions staff see reports.',
  'an applicant cannot read reports');
select tests.authenticate_as_anon();
select throws_ok($$ select public.admissions_report('{}') $$, '42501', null, 'an anonymous caller cannot read reports');
select tests.clear_authentication();

-- Yield is read from the funnel: offers accepted and enrolled per offer made.
select is((select (report->'funnel'->'current'->>'accepted')::numeric / (report->'funnel'->'current'->>'offered')::numeric
  from got where who = 'admin'), 0.5, 'half the offers made were accepted');

-- A withdrawn application stays in the funnel as far as it got.
update public.applications set status = 'withdrawn' where id = (select v from rep where k = 'c3');
select tests.authenticate_as('admin');
select is((public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z"}')->'funnel'->'current'->>'offered')::int,
  2, 'withdrawing later does not take back an offer that was made');
select is(jsonb_array_length(public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z"}')->'waiting'), 1,
  'only undecided applications still in review wait');
select tests.clear_authentication();

-- The cycle's courses named in the report exist only for staff who cover them.
select is((select count(*)::int from got, jsonb_array_elements(report->'by_course') x
  where who = 'office' and x->>'university_name' = 'Report University B'), 0,
  'no course of University B appears in the counsellor''s table');
select is((select count(*)::int from got, jsonb_array_elements(report->'waiting') x where who = 'office_b'), 0,
  'and none of its applications wait in the counsellor''s list');
select is((select count(*)::int from got, jsonb_array_elements(report->'staff') x where who = 'office_b'), 0,
  'and none of its work is counted');
select is((select report->'time_to_decision'->'current'->>'decided' from got where who = 'office_b'), '0',
  'and none of its decisions are timed');

-- The weekly summary: administrators who ask for it, once a week, through the outbox.
select tests.clear_authentication();
insert into public.staff_notification_settings (user_id, delivery, weekly_summary) values
  (tests.user_id('admin'), 'immediate', true), (tests.user_id('office_a'), 'immediate', true);
select is(public.compose_weekly_summaries('2027-03-01T00:00:00Z'), 1, 'one summary is due: the administrator''s');
select is((select count(*)::int from public.notification_outbox o where o.recipient = 'office_a@tap.test'
  and o.subject like 'Admissions this week%'), 0, 'a counsellor who ticked it gets none: the summary is for administrators');
select is((select o.subject from public.notification_outbox o where o.recipient = 'admin@tap.test'
  and o.subject like 'Admissions this week%'), 'Admissions this week: the 2027 cycle as of 1 March 2027',
  'the summary names the cycle and the day');
select ok((select o.body like '%Submitted: 5 (5 a week ago; 1 on this date last year)%'
    and o.body like '%Decided: 3 (3 a week ago; 1 on this date last year)%'
    and o.body like '%Median days to a decision: 20.0 (20.0 a week ago; 10.0 on this date last year)%'
  from public.notification_outbox o where o.recipient = 'admin@tap.test' and o.subject like 'Admissions this week%'),
  'its figures stand beside last week''s and last year''s');
select is(public.compose_weekly_summaries('2027-03-03T00:00:00Z'), 0, 'no second summary within the week');
select is(public.compose_weekly_summaries('2027-03-08T00:00:00Z'), 1, 'the next one a week later');
update public.staff_notification_settings set weekly_summary = false where user_id = tests.user_id('admin');
select is(public.compose_weekly_summaries('2027-03-20T00:00:00Z'), 0, 'none once the administrator opts out');
select tests.authenticate_as('admin');
select throws_ok($$ select public.compose_weekly_summaries() $$, '42501', null,
  'only the server''s job composes summaries');
select throws_ok($$ select public.report_figures('{}', true) $$, '42501', null,
  'and nobody reads every university''s figures through the function behind them');
select tests.clear_authentication();

-- The steps are stamped as the status moves, once: moving on again keeps the first time.
create temp table moving as select v as id, (select a.version from public.applications a where a.id = rep.v) version
  from rep where k = 'c4';
grant select on moving to authenticated;
select tests.authenticate_as('admin');
select is((public.transition_application((select id from moving), 'under_review', (select version from moving),
  'Reading it')).status, 'under_review', 'the waiting application goes into review');
select tests.clear_authentication();
select ok((select a.reached_review_at is not null and a.first_decision_at is null and a.first_offer_at is null
  from public.applications a where a.id = (select v from rep where k = 'c4')), 'the move stamps the step it reached, and only that');
select is((select count(*)::int from public.audit_log l where l.entity = 'applications'
  and l.entity_id = (select v::text from rep where k = 'c4') and l.after ? 'reached_review_at'), 0,
  'the audit log records the status change without the stamp');

-- The facts the reports read follow the rows they come from, and nobody reads them directly.
select tests.authenticate_as('admin');
select throws_ok($$ select count(*) from public.application_facts $$, '42501', null,
  'not even an administrator reads the facts table: only the report functions do');
select tests.clear_authentication();
update public.profiles set nationality = 'KE' where id = tests.user_id('p3');
update public.courses set level = 'foundation' where slug = 'rep-course-b';
update public.intakes set start_date = '2028-01-15' where id = 'a0000000-0000-4000-8000-000000002026';
select tests.authenticate_as('admin');
select is(public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z", "nationality": "KE"}')
  ->'funnel'->'current'->>'submitted', '1', 'an applicant whose nationality changes is counted under the new one');
select is(public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z", "level": "foundation"}')
  ->'funnel'->'current'->>'started', '1', 'a course whose level changes moves its applications with it');
select is(public.admissions_report('{"cycle": 2028, "as_of": "2027-03-01T00:00:00Z"}')->'funnel'->'current'->>'started',
  '2', 'an intake moved to another year moves its applications to that cycle');

-- One report may be asked for alone, with the same figures as in the whole.
select is(public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z", "sections": ["funnel"]}')->'funnel',
  public.admissions_report('{"cycle": 2027, "as_of": "2027-03-01T00:00:00Z"}')->'funnel',
  'the funnel alone equals the funnel of the whole report');
select ok(not (public.admissions_report('{"cycle": 2027, "sections": ["funnel"]}') ?| array['nationality', 'staff',
  'time_to_decision']), 'and the reports not asked for are left out');
select throws_ok($$ select public.admissions_report('{"sections": ["everything"]}') $$, '22023',
  'Sections are a list: funnel, time_to_decision, applicants, staff.', 'an unknown report is refused with words');
select tests.clear_authentication();

select * from finish();
rollback;
