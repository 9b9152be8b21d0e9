-- The admissions functions: admin_kpis, admin_intakes, triage_applications, set_intake_status, and
-- the rule that a lead goes to staff only. Who may call each, what everyone else gets, which intake
-- moves are allowed, and that a triage batch changes all its applications or none.
begin;
select plan(56);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into public.leads (name, email, source) values ('Tap Lead', 'lead@tap.test', 'contact');
create temp table tap (k text primary key, v uuid);
insert into tap select 'open', i.id from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'draft_intake', i.id from public.intakes i where i.term = 'Tap Draft Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'submitted', ref, now()
  from public.intakes i, (values ('owner', 'UP-2026-TAPC01'), ('other', 'UP-2026-TAPC02')) s (who, ref)
  where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id)
  select tests.user_id('owner'), i.course_id, i.id from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'first', a.id from public.applications a where a.reference = 'UP-2026-TAPC01';
insert into tap select 'second', a.id from public.applications a where a.reference = 'UP-2026-TAPC02';
insert into tap select 'draft', a.id from public.applications a where a.applicant_id = tests.user_id('owner') and a.status = 'draft';
-- 'ffff…' sorts last, so a batch naming it has already worked through the valid ids when it fails.
insert into tap values ('missing', 'ffffffff-ffff-4fff-bfff-ffffffffffff');
insert into tap select 'submitted_now', null;
grant select on tap to anon, authenticated, service_role;
create temp view batch as
  select a.status, a.assigned_to from public.applications a where a.id in (select v from tap where k in ('first', 'second'));
grant select on batch to authenticated;

select tests.authenticate_as_anon();
select throws_ok($$select public.admin_kpis()$$, '42501', null, 'anon cannot read the figures');
select throws_ok($$select * from public.admin_intakes()$$, '42501', null, 'anon cannot list intakes with their demand');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'closed')$$, '42501', null, 'anon cannot close an intake');
select throws_ok($$select public.triage_applications(array[(select v from pg_temp.tap where k = 'first')], null, true)$$, '42501', null, 'anon cannot triage');

select tests.authenticate_as('owner');
select throws_ok($$select public.admin_kpis()$$, '42501', 'Only admissions staff see these figures.', 'an applicant cannot read the figures');
select throws_ok($$select * from public.admin_intakes()$$, '42501', 'Only admissions staff see intakes.', 'an applicant cannot list intakes with their demand');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'closed')$$, '42501', null, 'an applicant cannot close an intake');
select throws_ok($$select public.triage_applications(array[(select v from pg_temp.tap where k = 'first')], null, true)$$, '42501', 'Only admissions staff triage applications.', 'an applicant cannot move their application to review');
select is(tests.row_count($$update public.leads set assignee = tests.user_id('owner'), version = version$$), 0, 'an applicant assigns no lead');

select tests.authenticate_as_service_role();
select throws_ok($$select public.admin_kpis()$$, '42501', null, 'the service role is not admissions staff');
select throws_ok($$select public.triage_applications(array[(select v from pg_temp.tap where k = 'first')], null, true)$$, '42501', null, 'nor does it triage');

select tests.authenticate_as('counsellor');
select is((select array_agg(k order by k) from jsonb_object_keys(public.admin_kpis()) k),
  array['applications_by_status', 'awaiting_triage', 'drafts', 'in_review', 'leads_by_source', 'new_leads', 'submissions_per_week', 'time_to_decision'],
  'a counsellor reads the figures');
select is(jsonb_array_length(public.admin_kpis() -> 'submissions_per_week'), 12, 'submissions are counted for twelve weeks');
select is((public.admin_kpis() -> 'submissions_per_week' -> 11 ->> 'week')::date, date_trunc('week', now())::date, 'the last of them is this week');
select ok((public.admin_kpis() -> 'submissions_per_week' -> 11 ->> 'count')::integer >= 2, 'this week counts the new submissions');
select is((public.admin_kpis() ->> 'awaiting_triage')::integer, (select count(*)::integer from public.applications where status = 'submitted'), 'awaiting triage counts every submission');
select ok((public.admin_kpis() ->> 'new_leads')::integer >= 1, 'new leads are counted');
select results_eq($$select term, status, applications, awaiting_decision, total from public.admin_intakes(null, 'tap published', 25, 0)$$,
  $$values ('Tap Open Term', 'open', 2::bigint, 2::bigint, 2::bigint), ('Tap Draft Term', 'draft', 0::bigint, 0::bigint, 2::bigint)$$,
  'a counsellor lists the course''s intakes, drafts included, with applications and those awaiting a decision');
select is(tests.row_count($$select * from public.admin_intakes('open', 'tap published', 25, 0)$$), 1, 'intakes filter by status');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'closed')$$, '42501', 'Only administrators change an intake''s status.', 'a counsellor cannot close an intake');

select throws_ok($$select public.triage_applications('{}', tests.user_id('counsellor'), true)$$, '22023', 'Choose at least one application.', 'an empty batch is refused');
select throws_ok($$select public.triage_applications(null, tests.user_id('counsellor'), true)$$, '22023', null, 'a missing batch is refused');
select throws_ok($$select public.triage_applications(array[(select v from pg_temp.tap where k = 'first')], null, false)$$, '22023', 'Choose a reviewer or the move to review.', 'a batch that does nothing is refused');
select throws_ok($$select public.triage_applications(array(select gen_random_uuid() from generate_series(1, 201)), null, true)$$, '22023', 'Choose at most 200 applications at a time.', 'a batch of more than 200 is refused');
select throws_ok($$select public.triage_applications(array(select v from pg_temp.tap where k in ('first', 'second', 'missing')), tests.user_id('counsellor'), true)$$, 'P0001', 'Application not found.', 'a batch with an unknown application is refused');
select results_eq($$select status, assigned_to from pg_temp.batch$$, $$values ('submitted', null::uuid), ('submitted', null::uuid)$$, 'and none of its applications moved or was assigned');
select throws_ok($$select public.triage_applications(array(select v from pg_temp.tap where k in ('first', 'second', 'draft')), null, true)$$, 'P0001', null, 'a batch with a draft in it is refused');
select results_eq($$select status, assigned_to from pg_temp.batch$$, $$values ('submitted', null::uuid), ('submitted', null::uuid)$$, 'and none of its submissions moved');
select throws_ok($$select public.triage_applications(array(select v from pg_temp.tap where k in ('first', 'second')), tests.user_id('owner'), true)$$, 'P0001', 'Applications can only be assigned to admissions staff.', 'a batch for a reviewer outside the team is refused');
select results_eq($$select status, assigned_to from pg_temp.batch$$, $$values ('submitted', null::uuid), ('submitted', null::uuid)$$, 'and nothing changed');
select is(public.triage_applications(array(select v from pg_temp.tap where k in ('first', 'second', 'first')), tests.user_id('counsellor'), true), 2, 'a counsellor assigns and starts two submissions, each once');
select results_eq($$select status, assigned_to from pg_temp.batch$$, $$select 'under_review', tests.user_id('counsellor') from generate_series(1, 2)$$, 'both are under review with the counsellor');
select is(tests.row_count($$select 1 from public.application_status_history h where h.application_id in (select v from pg_temp.tap where k in ('first', 'second')) and h.to_status = 'under_review' and h.note = 'Review started.'$$), 2, 'each has the move in its timeline');
select is(public.triage_applications(array(select v from pg_temp.tap where k = 'first'), tests.user_id('admin'), false), 1, 'a batch may only reassign');
select is((select assigned_to from public.applications where id = (select v from tap where k = 'first')), tests.user_id('admin'), 'the application has its new reviewer');

select throws_ok($$update public.leads set assignee = tests.user_id('owner'), version = version where email = 'lead@tap.test'$$, '23514', 'Leads can only be assigned to admissions staff.', 'a lead cannot go to an applicant');
select is(tests.row_count($$update public.leads set assignee = tests.user_id('counsellor'), version = version where email = 'lead@tap.test'$$), 1, 'a counsellor takes a lead');
select is(tests.row_count($$update public.leads set assignee = null, version = version where email = 'lead@tap.test'$$), 1, 'and gives it back');

select tests.authenticate_as('admin');
select throws_ok($$select public.set_intake_status(gen_random_uuid(), 'open')$$, 'P0002', 'Intake not found.', 'an unknown intake is refused');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'decisions_published')$$, 'P0001', 'An intake cannot move from open to decisions_published.', 'decisions wait until the intake closes');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'archived')$$, 'P0001', null, 'an open intake cannot be archived');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'draft_intake'), null)$$, 'P0001', 'An intake cannot move from draft to nothing.', 'a move needs a status');
select is((public.set_intake_status((select v from tap where k = 'open'), 'closed')).status, 'closed', 'an administrator closes an intake');
select is((public.set_intake_status((select v from tap where k = 'open'), 'open')).status, 'open', 'reopens it');
select is((public.set_intake_status((select v from tap where k = 'open'), 'closed')).status, 'closed', 'and closes it again');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'decisions_published')$$, 'P0001', '2 application(s) on this intake still await a decision and 0 decision(s) await approval.', 'decisions are not published while applications await one');
select is((public.decide_application((select v from tap where k = 'first'), (select a.version from public.applications a where a.id = (select v from tap where k = 'first')), 'offer_unconditional', override_reason => 'Documents seen in person')).state, 'approved', 'the first applicant is decided an offer');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'decisions_published')$$, 'P0001', '1 application(s) on this intake still await a decision and 0 decision(s) await approval.', 'nor while one still does');
select is((public.decide_application((select v from tap where k = 'second'), (select a.version from public.applications a where a.id = (select v from tap where k = 'second')), 'rejected', reason_id => (select r.id from public.decision_reasons r where r.outcome = 'rejected' order by r.position limit 1))).state, 'approved', 'the second is turned down');
select results_eq($$select status from batch order by status$$, array['under_review', 'under_review'], 'decided, both still read as under review');
select is((public.set_intake_status((select v from tap where k = 'open'), 'decisions_published')).status, 'decisions_published', 'then the decisions are published');
select results_eq($$select status from batch order by status$$, array['offer_unconditional', 'rejected'], 'publishing released both decisions at once');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'open')$$, 'P0001', null, 'a published intake does not reopen');
select is((public.set_intake_status((select v from tap where k = 'open'), 'archived')).status, 'archived', 'it is archived');
select throws_ok($$select public.set_intake_status((select v from pg_temp.tap where k = 'open'), 'open')$$, 'P0001', null, 'an archived intake stays archived');
select is((public.set_intake_status((select v from tap where k = 'draft_intake'), 'archived')).status, 'archived', 'a draft intake is archived without opening');

select * from finish();
rollback;
