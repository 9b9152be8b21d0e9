-- applications, their status history and staff notes: the applicant reads their own and edits only
-- drafts; staff read all and change status only through transition_application(); notes stay
-- with staff.
begin;
select plan(43);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
create temp table tap (k text primary key, id uuid);
insert into tap select 'course', c.id from public.courses c where c.slug = 'tap-course-pub';
insert into tap select 'open', i.id from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'closed', i.id from public.intakes i where i.term = 'Tap Draft Term';
insert into public.applications (applicant_id, course_id, intake_id)
  values (tests.user_id('owner'), (select id from tap where k = 'course'), (select id from tap where k = 'open'));
insert into tap select 'draft', a.id from public.applications a where a.applicant_id = tests.user_id('owner');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  values (tests.user_id('owner'), (select id from tap where k = 'course'), (select id from tap where k = 'open'),
    'submitted', 'UP-2026-TAP001', now());
insert into tap select 'sent', a.id from public.applications a where a.reference = 'UP-2026-TAP001';
grant select on tap to anon, authenticated, service_role;

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.applications$$, '42501', null, 'anon cannot read applications');
select throws_ok($$insert into public.applications (course_id, intake_id) select (select id from pg_temp.tap where k = 'course'), (select id from pg_temp.tap where k = 'open')$$, '42501', null, 'anon cannot start an application');
select throws_ok($$update public.applications set answers = '{}', version = version$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.applications$$, '42501', null, 'anon cannot delete');
select throws_ok($$select 1 from public.application_status_history$$, '42501', null, 'anon cannot read status history');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.applications$$), 2, 'the owner reads their applications');
select throws_ok($$insert into public.applications (course_id, intake_id) select (select id from pg_temp.tap where k = 'course'), (select id from pg_temp.tap where k = 'closed')$$, '42501', null, 'the owner cannot start on an intake that is not open');
select is(tests.row_count($$update public.applications set answers = '{"statement": "Mine"}', version = version where id = (select id from pg_temp.tap where k = 'draft')$$), 1, 'the owner edits their draft');
select is(tests.row_count($$update public.applications set answers = '{"statement": "Late"}', version = version where id = (select id from pg_temp.tap where k = 'sent')$$), 0, 'the owner cannot edit a submitted application');
select throws_ok($$update public.applications set status = 'accepted', version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '42501', null, 'the owner cannot set a status');
select throws_ok($$update public.applications set reference = 'UP-2026-FAKE01', version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '42501', null, 'the owner cannot set a reference');
select throws_ok($$select public.decide_application((select id from pg_temp.tap where k = 'sent'), 1, 'offer_unconditional')$$, '42501', null, 'the owner cannot make themselves an offer');

-- Answers are held to the lengths the wizard allows, whoever stores them.
select throws_ok($$update public.applications set answers = jsonb_build_object('personal', jsonb_build_object('full_name', repeat('N', 190))), version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '23514', null, 'a 190-character name is refused');
select throws_ok($$update public.applications set answers = '{"academic": [{"institution": 1, "grade": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}]}', version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '23514', null, 'so is a grade longer than 40 characters');
select is(tests.row_count($$update public.applications set answers = '{"academic": [{"institution": "Kings College", "grade": "72%", "level": "secondary"}]}', version = version where id = (select id from pg_temp.tap where k = 'draft')$$), 1, 'a qualification keeps its level, for the entry-requirement check');
select throws_ok($$update public.applications set answers = '{"personal": {"full_name": {"nested": "object"}}}', version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '23514', null, 'and a value that is not text');
select throws_ok($$update public.applications set answers = '{"payload": "anything"}', version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '23514', null, 'and a part the wizard does not have');
select throws_ok($$update public.applications set answers = jsonb_build_object('academic', (select jsonb_agg('{}'::jsonb) from generate_series(1, 11))), version = version where id = (select id from pg_temp.tap where k = 'draft')$$, '23514', null, 'and more than 10 qualifications');
select lives_ok($$update public.applications set answers = '{"personal": {"full_name": "Amara Okafor", "nationality": "NG"}, "academic": [{"institution": "Kings Crest", "end_year": 2022}], "english_test": {"test": "ielts", "score": 7.5}, "statement": "I want to study."}', version = (select version from public.applications where id = (select id from pg_temp.tap where k = 'draft')) where id = (select id from pg_temp.tap where k = 'draft')$$, 'answers of the wizard''s shape are stored');


select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.applications where applicant_id = tests.user_id('owner')$$), 0, 'another applicant reads none of the owner''s applications');
select throws_ok($$insert into public.applications (applicant_id, course_id, intake_id) select tests.user_id('owner'), (select id from pg_temp.tap where k = 'course'), (select id from pg_temp.tap where k = 'open')$$, '42501', null, 'another applicant cannot start one for the owner');
select is(tests.row_count($$insert into public.applications (course_id, intake_id) select (select id from pg_temp.tap where k = 'course'), (select id from pg_temp.tap where k = 'open')$$), 1, 'another applicant starts their own draft');
select is(tests.row_count($$update public.applications set answers = '{}', version = version where applicant_id = tests.user_id('owner')$$), 0, 'another applicant updates none of the owner''s');
select is(tests.row_count($$delete from public.applications where applicant_id = tests.user_id('owner')$$), 0, 'another applicant deletes none of the owner''s');
select throws_ok($$select public.submit_application((select id from pg_temp.tap where k = 'draft'))$$, 'P0001', 'Application not found.', 'another applicant cannot submit the owner''s draft');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.applications where applicant_id = tests.user_id('owner')$$), 2, 'a counsellor reads the owner''s applications');
select throws_ok($$insert into public.applications (applicant_id, course_id, intake_id) select tests.user_id('owner'), (select id from pg_temp.tap where k = 'course'), (select id from pg_temp.tap where k = 'open')$$, '42501', null, 'a counsellor cannot start one for the owner');
select is(tests.row_count($$update public.applications set answers = '{}', version = version where applicant_id = tests.user_id('owner')$$), 0, 'a counsellor cannot edit the owner''s answers');
select is(tests.row_count($$delete from public.applications where applicant_id = tests.user_id('owner')$$), 0, 'a counsellor deletes nothing');
select is((public.transition_application((select id from tap where k = 'sent'), 'under_review', (select a.version from public.applications a where a.id = (select id from tap where k = 'sent')), 'Reading it')).status, 'under_review', 'a counsellor moves a submitted application under review');
select is(tests.row_count($$insert into public.application_notes (application_id, body) select id, 'Strong statement' from pg_temp.tap where k = 'sent'$$), 1, 'a counsellor writes a note');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.application_status_history where application_id = (select id from pg_temp.tap where k = 'sent')$$), 1, 'the owner reads the history of their application');
select is(tests.row_count($$select 1 from public.application_notes$$), 0, 'the owner reads no staff note');
select throws_ok($$insert into public.application_notes (application_id, body) select id, 'Please accept me' from pg_temp.tap where k = 'sent'$$, '42501', null, 'the owner cannot write a staff note');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.application_status_history where application_id = (select id from pg_temp.tap where k = 'sent')$$), 0, 'another applicant reads none of the owner''s history');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.applications where applicant_id in (tests.user_id('owner'), tests.user_id('other'))$$), 3, 'an administrator reads every application');
select is(tests.row_count($$update public.applications set answers = '{}', version = version where applicant_id = tests.user_id('owner')$$), 0, 'an administrator cannot edit the owner''s answers');
select is(tests.row_count($$select 1 from public.application_notes where application_id = (select id from pg_temp.tap where k = 'sent')$$), 1, 'an administrator reads staff notes');
select is(tests.row_count($$delete from public.applications where applicant_id = tests.user_id('owner')$$), 0, 'an administrator deletes no application');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.applications where applicant_id in (tests.user_id('owner'), tests.user_id('other'))$$), 3, 'the service role reads every application');
select is(tests.row_count($$delete from public.applications where applicant_id = tests.user_id('other')$$), 1, 'the service role deletes');

select tests.authenticate_as('owner');
select is(tests.row_count($$delete from public.applications$$), 1, 'the owner deletes only their draft');
select tests.clear_authentication();
select results_eq($$select status from public.applications where applicant_id = tests.user_id('owner')$$, $$values ('under_review')$$, 'the owner keeps the application under review, unchanged by refused writes');

select * from finish();
rollback;
