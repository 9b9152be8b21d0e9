-- Who sees and writes the decision tables: public.application_decisions, public.decision_reasons,
-- public.admissions_settings, public.place_alerts and public.intake_fullness. Decisions and reasons
-- are staff-only; nobody writes a decision except through the functions; visitors see only whether
-- a visible intake is full.
begin;
select plan(49);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'draft_intake', i.id from public.intakes i where i.term = 'Tap Draft Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner'), i.course_id, i.id, 'under_review', 'UP-2026-TAPD01', now()
  from public.intakes i where i.id = (select v from tap where k = 'intake');
insert into tap select 'app', a.id from public.applications a where a.reference = 'UP-2026-TAPD01';
insert into public.application_decisions (application_id, outcome, from_status, state, recommended_by, approved_by, approved_at)
  select (select v from tap where k = 'app'), 'waitlisted', 'under_review', 'approved', tests.user_id('admin'),
    tests.user_id('admin'), now();
insert into public.place_alerts (intake_id, application_id, from_status, to_status)
  select (select v from tap where k = 'intake'), (select v from tap where k = 'app'), 'accepted', 'withdrawn';
insert into tap select 'used_reason', r.id from public.decision_reasons r where r.outcome = 'rejected' order by r.position limit 1;
insert into public.application_decisions (application_id, outcome, from_status, reason_id, state, recommended_by, cancelled_at)
  select (select v from tap where k = 'app'), 'rejected', 'under_review', (select v from tap where k = 'used_reason'),
    'cancelled', tests.user_id('counsellor'), now();
select public.mark_application_changed((select v from tap where k = 'app'), 'decided Waitlist');
grant select on tap to anon, authenticated, service_role;

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.application_decisions$$, '42501', null, 'anon cannot read decisions');
select throws_ok($$select 1 from public.application_changes$$, '42501', null, 'anon cannot read who changed an application');
select throws_ok($$select 1 from public.decision_reasons$$, '42501', null, 'anon cannot read reasons');
select throws_ok($$select 1 from public.admissions_settings$$, '42501', null, 'anon cannot read the settings');
select throws_ok($$select 1 from public.place_alerts$$, '42501', null, 'anon cannot read place alerts');
select is(tests.row_count($$select 1 from public.intake_fullness where intake_id in (select v from pg_temp.tap)$$), 1, 'anon sees whether the open intake is full, not the draft one');
select throws_ok($$update public.intake_fullness set is_full = true$$, '42501', null, 'anon cannot mark an intake full');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.application_decisions$$), 0, 'the applicant reads no decision, not even their own');
select is(tests.row_count($$select 1 from public.decision_reasons$$), 0, 'the applicant reads no reason list');
select is(tests.row_count($$select 1 from public.admissions_settings$$), 0, 'the applicant reads no settings');
select is(tests.row_count($$select 1 from public.place_alerts$$), 0, 'the applicant reads no place alert');
select is(tests.row_count($$select 1 from public.intake_fullness where intake_id in (select v from pg_temp.tap)$$), 1, 'the applicant sees the open intake''s fullness');
select is((select status from public.applications where id = (select v from pg_temp.tap where k = 'app')), 'under_review', 'their application still reads as under review');
select is(tests.row_count($$select 1 from public.application_changes$$), 0, 'the applicant cannot read what staff last did to it');
select is((select count(*) from public.applications a where to_jsonb(a)::text like '%decided Waitlist%'), 0::bigint, 'and no column of their row says a decision was made');
select throws_ok($$insert into public.application_decisions (application_id, outcome, from_status) values ((select v from pg_temp.tap where k = 'app'), 'offer_unconditional', 'under_review')$$, '42501', null, 'the applicant cannot write a decision');
select throws_ok($$update public.application_decisions set state = 'released'$$, '42501', null, 'nor release one');
select is(tests.row_count($$update public.decision_reasons set public_wording = 'Hacked wording here', version = version$$), 0, 'nor change a reason');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.application_decisions$$), 0, 'another applicant reads no decision');
select is(tests.row_count($$select 1 from public.place_alerts$$), 0, 'nor any place alert');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.application_decisions where application_id = (select v from pg_temp.tap where k = 'app')$$), 2, 'a counsellor reads the decisions');
select is((select change from public.application_changes where application_id = (select v from pg_temp.tap where k = 'app')), 'decided Waitlist', 'staff read what was last done to an application');
select is(tests.row_count($$select 1 from public.decision_reasons$$), 10, 'a counsellor reads the reasons');
select is(tests.row_count($$select 1 from public.admissions_settings$$), 1, 'a counsellor reads the settings');
select is(tests.row_count($$select 1 from public.place_alerts$$), 1, 'a counsellor reads the place alerts');
select is(tests.row_count($$select 1 from public.intake_fullness where intake_id in (select v from pg_temp.tap)$$), 2, 'staff see every intake''s fullness');
select throws_ok($$insert into public.application_decisions (application_id, outcome, from_status) values ((select v from pg_temp.tap where k = 'app'), 'rejected', 'under_review')$$, '42501', null, 'a counsellor writes decisions only through the functions');
select throws_ok($$insert into public.decision_reasons (outcome, public_wording) values ('rejected', 'Counsellor reason wording')$$, '42501', null, 'a counsellor cannot add a reason');
select is(tests.row_count($$update public.decision_reasons set active = false, version = version$$), 0, 'nor retire one');
select throws_ok($$update public.place_alerts set resolved_at = now()$$, '42501', null, 'place alerts change only through the functions');
select throws_ok($$update public.admissions_settings set decision_approval = 'none'$$, '42501', null, 'a counsellor cannot switch off approval');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.application_decisions where application_id = (select v from pg_temp.tap where k = 'app')$$), 2, 'an administrator reads the decisions');
select is(tests.row_count($$insert into public.decision_reasons (outcome, public_wording) values ('rejected', 'The course is not offered to applicants from abroad.')$$), 1, 'an administrator adds a reason');
select is(tests.row_count($$update public.decision_reasons set position = 5, version = version where public_wording like 'The course is not offered%'$$), 1, 'and reorders it, naming the version read');
select throws_ok($$update public.decision_reasons set position = 6 where public_wording like 'The course is not offered%'$$, 'PT428', null, 'an update without the version is refused');
select throws_ok($$update public.decision_reasons set position = 7, version = 1 where public_wording like 'The course is not offered%'$$, 'PT409', null, 'an update based on an old version is refused');
select is((select position from public.decision_reasons where public_wording like 'The course is not offered%'), 5, 'and changed nothing');
select throws_ok($$delete from public.decision_reasons where id = (select v from pg_temp.tap where k = 'used_reason')$$, '23001', null, 'a reason used in a decision cannot be deleted');
select is(tests.row_count($$delete from public.decision_reasons where public_wording like 'The course is not offered%'$$), 1, 'an unused one can');
select throws_ok($$insert into public.decision_reasons (outcome, public_wording) values ('waitlisted', 'Waitlist reasons are not a thing')$$, '23514', null, 'reasons exist only for negative outcomes');
select throws_ok($$update public.admissions_settings set decision_approval = 'none'$$, '42501', null, 'the approval setting comes from the server''s environment, not the API');
select throws_ok($$select public.set_decision_approval('none')$$, '42501', null, 'nor through its function');
select throws_ok($$update public.application_decisions set state = 'cancelled'$$, '42501', null, 'an administrator writes decisions only through the functions');

select throws_ok($$insert into public.application_changes (application_id, change) values ((select v from pg_temp.tap where k = 'app'), 'forged')$$, '42501', null, 'nobody writes the change record through the API');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.application_decisions where application_id = (select v from pg_temp.tap where k = 'app')$$), 2, 'the service role reads the decisions');
select is(tests.row_count($$select 1 from public.place_alerts$$), 1, 'and every place alert');
select is(public.set_decision_approval('none'), 'none', 'the server sets the approval mode');
select is((select decision_approval from public.admissions_settings), 'none', 'which is stored');
select throws_ok($$select public.set_decision_approval('everyone')$$, '22023', null, 'an unknown mode is refused');

select * from finish();
rollback;
