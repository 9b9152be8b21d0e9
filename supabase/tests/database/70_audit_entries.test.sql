-- audit_entries() and audit_people(): administrators read the log with names instead of ids
-- (people, applications by reference, courses, intakes, reasons), filtered and paged; nobody else
-- reads it.
begin;
select plan(35);
select tests.create_user('zoe');
select tests.create_user('priya', 'counsellor');
select tests.create_user('boss', 'admin');
select tests.create_user('recruit');
update public.profiles set full_name = 'Zoë Fernández-Walsh' where id = tests.user_id('zoe');
update public.profiles set full_name = 'Priya Nair' where id = tests.user_id('priya');
update public.profiles set full_name = 'Ada Okonkwo' where id = tests.user_id('boss');
update public.profiles set full_name = '' where id = tests.user_id('recruit');
select tests.create_catalogue();
create temp table tap (k text primary key, v uuid);
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
  select tests.user_id('zoe'), i.course_id, i.id, 'submitted', 'UP-2026-TAPZ01', now(),
    '{"personal": {"full_name": "Zoë Fernández-Walsh"}}'::jsonb
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'app', a.id from public.applications a where a.reference = 'UP-2026-TAPZ01';
insert into tap select 'course', c.id from public.courses c where c.slug = 'tap-course-pub';
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app_version() returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = 'app') $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;
-- Each check below reads only what this suite's staff do.
delete from public.audit_log;

-- Staff at work: an administrator assigns Priya and starts the review, Priya notes and recommends,
-- the administrator renames the course, changes an intake and makes the recruit a counsellor.
select tests.authenticate_as('boss');
select lives_ok($$select public.assign_application((select v from pg_temp.tap where k = 'app'), tests.user_id('priya'), pg_temp.app_version())$$, 'an administrator assigns Priya');
select lives_ok($$select public.transition_application((select v from pg_temp.tap where k = 'app'), 'under_review', pg_temp.app_version(), null)$$, 'and starts the review');
select tests.authenticate_as('priya');
select lives_ok($$insert into public.application_notes (application_id, body) select v, 'Called the school.' from pg_temp.tap where k = 'app'$$, 'Priya adds a note');
select lives_ok($$select public.decide_application((select v from pg_temp.tap where k = 'app'), pg_temp.app_version(), 'waitlisted')$$, 'and recommends the waiting list');
select tests.authenticate_as('boss');
select lives_ok($$update public.courses set title = 'Tap Renamed Course', version = version where slug = 'tap-course-pub'$$, 'the administrator renames the course');
select lives_ok($$update public.intakes set capacity = 12, version = version where term = 'Tap Open Term'$$, 'changes the intake''s places');
select lives_ok($$select public.set_staff_role(tests.user_id('recruit'), 'counsellor', true)$$, 'and makes the recruit a counsellor');

-- Nobody else reads the log, labelled or not.
select tests.authenticate_as_anon();
select throws_ok($$select * from public.audit_entries()$$, '42501', null, 'anon cannot read the audit log');
select throws_ok($$select * from public.audit_people()$$, '42501', null, 'nor the people in it');
select tests.authenticate_as('zoe');
select throws_ok($$select * from public.audit_entries()$$, '42501', 'Only administrators read the audit log.', 'an applicant cannot read the audit log');
select throws_ok($$select * from public.audit_people()$$, '42501', 'Only administrators read the audit log.', 'nor the people in it');
select tests.authenticate_as('priya');
select throws_ok($$select * from public.audit_entries()$$, '42501', 'Only administrators read the audit log.', 'a counsellor cannot read the audit log');
select throws_ok($$select * from public.audit_people()$$, '42501', 'Only administrators read the audit log.', 'nor the people in it');

select tests.authenticate_as('boss');
select is((select count(*)::integer from public.audit_entries()), 7, 'an administrator reads every entry');
select results_eq($$select actor_name, entity_label, before, after from public.audit_entries('applications') where after ? 'assigned_to'$$,
  $$values ('Ada Okonkwo', 'UP-2026-TAPZ01', '{"assigned_to": null}'::jsonb, '{"assigned_to": "Priya Nair"}'::jsonb)$$,
  'an assignment reads as who assigned which application to whom, by name and reference');
select results_eq($$select entity_label, application_id, before ->> 'status', after ->> 'status' from public.audit_entries('applications') where after ? 'status'$$,
  $$select 'UP-2026-TAPZ01', v, 'submitted', 'under_review' from pg_temp.tap where k = 'app'$$,
  'a status change names the application and links to it');
select results_eq($$select actor_name, entity_label, application_id, after ->> 'author', after ->> 'application_id' from public.audit_entries('application_notes')$$,
  $$select 'Priya Nair', 'Note on UP-2026-TAPZ01', v, 'Priya Nair', 'UP-2026-TAPZ01' from pg_temp.tap where k = 'app'$$,
  'a note names its author and the application');
select results_eq($$select entity_label, after ->> 'recommended_by', after ->> 'application_id', after ->> 'outcome', after ->> 'from_status' from public.audit_entries('application_decisions')$$,
  $$values ('Decision on UP-2026-TAPZ01', 'Priya Nair', 'UP-2026-TAPZ01', 'Waitlist', 'Under review')$$,
  'a decision reads as "Decision on" the reference, with the outcome and the recommender in words');
select results_eq($$select entity_label, before, after from public.audit_entries('courses')$$,
  $$values ('Tap Renamed Course, Tap Published University', '{"title": "Tap Published Course"}'::jsonb, '{"title": "Tap Renamed Course"}'::jsonb)$$,
  'a course is named with its university');
select results_eq($$select entity_label from public.audit_entries('intakes')$$,
  $$values ('Tap Open Term · Tap Renamed Course, Tap Published University')$$, 'an intake by its term and course');
select results_eq($$select actor_name, entity_label, after ->> 'user_id', after ->> 'granted_by', after ->> 'role' from public.audit_entries('user_roles')$$,
  $$values ('Ada Okonkwo', 'Counsellor role of recruit@tap.test', 'recruit@tap.test', 'Ada Okonkwo', 'counsellor')$$,
  'a role names the person (their e-mail without a name) and who granted it');
select is((select count(*)::integer from public.audit_entries() e
  where e.before::text ~* '[0-9a-f]{8}-[0-9a-f]{4}-' or e.after::text ~* '[0-9a-f]{8}-[0-9a-f]{4}-'
    or e.entity_label ~* '[0-9a-f]{8}-[0-9a-f]{4}-' or e.actor_name ~* '[0-9a-f]{8}-[0-9a-f]{4}-'), 0,
  'no entry shows a raw id');

-- Filters and pages.
select results_eq($$select distinct actor_name from public.audit_entries(person => tests.user_id('priya'))$$,
  $$values ('Priya Nair')$$, 'the person filter keeps one person''s entries');
select is((select count(*)::integer from public.audit_entries(person => tests.user_id('priya'))), 2, 'all of them');
select is((select count(*)::integer from public.audit_entries(search => 'NÁIR')), 2, 'a search finds the person by name, ignoring accents and case');
select is((select count(*)::integer from public.audit_entries(search => 'PRIYA@tap')), 2, 'or by e-mail');
select results_eq($$select entity, total from public.audit_entries(search => 'tapz01') order by entity$$,
  $$values ('application_decisions', 4::bigint), ('application_notes', 4::bigint), ('applications', 4::bigint), ('applications', 4::bigint)$$,
  'or the record by its label, with the total of matches');
select is((select count(*)::integer from public.audit_entries(search => 'tap%renamed')), 0, 'a % in the search is a character');
select is((select count(*)::integer from public.audit_entries(since => now() + interval '1 day')), 0, 'days bound the entries');
select results_eq($$select count(*), min(total) from public.audit_entries(page_size => 3, page_offset => 3)$$,
  $$values (3::bigint, 7::bigint)$$, 'pages by offset carry the total');
select results_eq($$select id from public.audit_entries(page_size => 4, after_entry => (select e.id from public.audit_entries(page_size => 3) e order by e.created_at, e.id limit 1))$$,
  $$select id from public.audit_entries(page_size => 4, page_offset => 3)$$, 'pages after an entry continue where the last one stopped');
select is((select count(*)::integer from public.audit_entries(page_size => 5000)), 7, 'a page holds at most 1,000 entries and no fewer than asked up to that');
select results_eq($$select name, email from public.audit_people()$$,
  $$values ('Ada Okonkwo', 'boss@tap.test'), ('Priya Nair', 'priya@tap.test')$$, 'the person filter offers everyone who acted, by name');

-- A deleted record is still named from the values the entry recorded.
select lives_ok($$delete from public.intakes where term = 'Tap Draft Term'$$, 'the administrator removes the draft intake');
select results_eq($$select entity_label from public.audit_entries('intakes', search => 'draft term')$$,
  $$values ('Tap Draft Term · Tap Renamed Course, Tap Published University')$$, 'a removed intake keeps its name in the log');

select * from finish();
rollback;
